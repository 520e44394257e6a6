// Page titles of a site usually end with the site's name (`Install | Acme Docs`); in a space
// that name is noise on every page. The suffix is what most pages share after a separator.

const SEPARATOR = / (?:\||-|–|—|·|::|»|:) /g;

/** The longest separator-led suffix shared by at least two pages and more than half of them. */
export function commonTitleSuffix(titles: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const title of titles) {
    const suffixes = new Set(Array.from(title.matchAll(SEPARATOR), (m) => title.slice(m.index)));
    for (const suffix of suffixes) counts.set(suffix, (counts.get(suffix) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [suffix, count] of counts) {
    if (count < 2 || count * 2 <= titles.length) continue;
    const bestCount = best ? counts.get(best)! : 0;
    if (count > bestCount || (count === bestCount && suffix.length > best!.length)) best = suffix;
  }
  return best;
}

export function withoutSuffix(title: string, suffix: string | undefined): string {
  return suffix && title.endsWith(suffix) && title.length > suffix.length ? title.slice(0, -suffix.length).trim() : title;
}
