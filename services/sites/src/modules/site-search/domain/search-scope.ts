// Which site spaces a site search covers (reference SiteSearchScope, client 0.202.0), decided
// from the site spaces the caller may search (application/searchable-site-spaces.ts):
// - `all`: every one of them, in every section ("wide and deep");
// - `default`: the default site space of each section (of the root on a site without sections)
//   — "wide and shallow". With `currentSiteSpace`, that one stands for its section (the reader
//   is in it), and `restrictTo` narrows to it alone (`currentSiteSpace`) or to the others
//   (`otherSiteSpaces`). The reference also matches other sections' site spaces by the current
//   one's language: Quire's spaces carry no language, so each other section answers its default;
// - `specific`: the site spaces named.
// A site space named that is not one of the caller's is refused naming the field, as an unknown id.

/** The most site spaces one search covers (content's SearchPublishedContent takes as many spaces). */
export const MAX_SCOPE_SITE_SPACES = 1000;

export type SiteSearchScope =
  | { mode: 'all' }
  | { mode: 'default'; currentSiteSpace?: string; restrictTo?: 'currentSiteSpace' | 'otherSiteSpaces' }
  | { mode: 'specific'; siteSpaceIds: string[] };

export interface ScopeSiteSpace {
  id: string;
  spaceId: string;
  sectionId: string | null;
  isDefault: boolean;
}

export type ScopeResolution<T> = { ok: true; siteSpaces: T[] } | { ok: false; field: string; message: string };

const unknownSiteSpace = (field: string, id: string) => ({ ok: false as const, field, message: `"${id}" is not a site space of this site` });

/** The default site space of each parent (section, or the root), in the order given. */
function defaultsOf<T extends ScopeSiteSpace>(siteSpaces: readonly T[]): Map<string | null, T> {
  const defaults = new Map<string | null, T>();
  for (const s of siteSpaces) if (s.isDefault && !defaults.has(s.sectionId)) defaults.set(s.sectionId, s);
  // A parent whose default is not the caller's to search answers its first one the caller may.
  for (const s of siteSpaces) if (!defaults.has(s.sectionId)) defaults.set(s.sectionId, s);
  return defaults;
}

/** The site spaces `scope` covers among `searchable` (in their order, each once), or the field that names one the caller has not. */
export function resolveSearchScope<T extends ScopeSiteSpace>(searchable: readonly T[], scope: SiteSearchScope): ScopeResolution<T> {
  const byId = new Map(searchable.map((s) => [s.id, s]));
  if (scope.mode === 'all') return { ok: true, siteSpaces: [...searchable] };
  if (scope.mode === 'specific') {
    for (const [i, id] of scope.siteSpaceIds.entries()) if (!byId.has(id)) return unknownSiteSpace(`scope.siteSpaceIds.${i}`, id);
    const named = new Set(scope.siteSpaceIds);
    return { ok: true, siteSpaces: searchable.filter((s) => named.has(s.id)) };
  }
  const current = scope.currentSiteSpace === undefined ? undefined : byId.get(scope.currentSiteSpace);
  if (scope.currentSiteSpace !== undefined && !current) return unknownSiteSpace('scope.currentSiteSpace', scope.currentSiteSpace);
  const defaults = defaultsOf(searchable);
  if (current) defaults.set(current.sectionId, current);
  const covered = new Set([...defaults.values()].map((s) => s.id));
  if (current && scope.restrictTo === 'currentSiteSpace') return { ok: true, siteSpaces: [current] };
  if (current && scope.restrictTo === 'otherSiteSpaces') covered.delete(current.id);
  return { ok: true, siteSpaces: searchable.filter((s) => covered.has(s.id)) };
}
