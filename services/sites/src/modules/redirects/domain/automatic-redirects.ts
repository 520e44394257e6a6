import type { content as contentProto } from '@quire/proto';
import { normalizePath, parseRedirectSource } from '@quire/publishing';

// Automatic redirects (as GitBook does): when a new current revision of a space
// changes page paths, each site space that shows the space keeps a moved page's old address
// working. Pure: the path changes and the site space's place in its site in, the plan out.
//
// - A moved page (document or group; a link page has no address) gets a redirect from its old
//   address (site space path + old page path) to the page itself (`site-page`), so a later move
//   follows the page: no chain A→B→C is ever stored, every old address names the page.
// - Live pages win: an automatic redirect whose source is now the address of a page (moved there,
//   moved back, or new) is dropped, so a page moved back is never shadowed (no A→B→A).
// - A deleted page's automatic redirects are dropped: no redirect points at a page that is gone,
//   so none can loop or dangle.
// The caller never lets the plan overwrite a redirect a user made.

/** One page whose path differs between two revisions (content's ListPagePathChanges). */
export type PagePathChange = contentProto.PagePathChange;

/** A redirect source on the site: as written and its canonical key. */
export interface PlannedSource {
  source: string;
  key: string;
}

export interface AutomaticRedirectPlan {
  /** Old addresses to redirect to their page (a `site-page` destination in this site space). */
  upserts: (PlannedSource & { pageId: string })[];
  /** Keys of live page addresses: automatic redirects with these sources go. */
  dropKeys: string[];
  /** Deleted pages: their automatic redirects (in this site space) go. */
  dropPageIds: string[];
}

/** A page's address in a site as a redirect source: the site space's segments, then the page path; null when it cannot be one (too long). */
export function pageSource(siteSpaceSegments: readonly string[], pagePath: string): PlannedSource | null {
  const source = normalizePath(`/${[...siteSpaceSegments, pagePath].join('/')}`);
  if (source === '/') return null;
  const parsed = parseRedirectSource(source);
  return parsed.ok ? { source, key: parsed.source.key } : null;
}

/** What the automatic rules do in one site space for one revision's path changes. */
export function planAutomaticRedirects(changes: readonly PagePathChange[], siteSpaceSegments: readonly string[]): AutomaticRedirectPlan {
  const live = new Set<string>();
  for (const change of changes) {
    if (change.newPath === undefined) continue;
    const at = pageSource(siteSpaceSegments, change.newPath);
    if (at) live.add(at.key);
  }
  const upserts: AutomaticRedirectPlan['upserts'] = [];
  const planned = new Set<string>();
  for (const change of changes) {
    if (change.oldPath === undefined || change.newPath === undefined || change.kind === 'link') continue;
    const from = pageSource(siteSpaceSegments, change.oldPath);
    // Two pages cannot leave one address in a revision; the first listed keeps it if they ever do.
    if (!from || live.has(from.key) || planned.has(from.key)) continue;
    planned.add(from.key);
    upserts.push({ ...from, pageId: change.pageId });
  }
  const dropPageIds = changes.filter((c) => c.newPath === undefined).map((c) => c.pageId);
  return { upserts, dropKeys: [...live], dropPageIds };
}
