// Page slugs: lowercase ASCII words from the title, unique among siblings (`intro`, `intro-1`, …);
// file names unique in a revision the same way (`logo.png`, `logo-1.png`).

const MAX_SLUG = 100;

export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
  return slug || 'page';
}

/** `wanted`, or `wanted-1`, `wanted-2`… — the first one no sibling holds; records the answer in `taken`. */
export function uniqueSlug(wanted: string, taken: Set<string>): string {
  let slug = wanted;
  for (let n = 1; taken.has(slug); n++) slug = `${wanted}-${n}`;
  taken.add(slug);
  return slug;
}

/** `name`, or `stem-1.ext`, `stem-2.ext`… — the first one not taken; records the answer in `taken`. */
export function uniqueFileName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 1; taken.has(candidate); n++) candidate = `${stem}-${n}${ext}`;
  taken.add(candidate);
  return candidate;
}
