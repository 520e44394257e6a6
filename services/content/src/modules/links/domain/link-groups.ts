import type { LinkStatus, LinkTarget, PageLink } from './link-targets-of-revision';

// Links as the reference lists them (ContentReferenceUsage): one item per target, with the pages
// that link to it. A broken target is one item per page that writes it (a relative path means
// something different in each page).

export interface LinkGroup {
  key: string;
  status: LinkStatus;
  target: LinkTarget;
  /** Pages the link is written in, in tree order, once each. */
  from: string[];
}

export interface LinkStats {
  total: number;
  broken: { total: number; changeRequest?: number };
}

function keyOf(link: PageLink): string {
  const t = link.target;
  switch (t.kind) {
    case 'page':
      return t.anchor === undefined ? `page:${t.page}` : `page:${t.page}#${t.anchor}`;
    case 'file':
      return `file:${t.file}`;
    case 'space':
      return `space:${t.space}`;
    case 'url':
      return `url:${t.url}`;
    default:
      return `broken:${link.from}:${t.target}`;
  }
}

/**
 * Groups a revision's links by target. `anchorsOf` answers the heading anchors of a page whose
 * anchors some link names (undefined: not a document page, so no anchor is there).
 */
export function groupLinks(links: readonly PageLink[], anchorsOf: (pageId: string) => ReadonlySet<string> | undefined): LinkGroup[] {
  const groups = new Map<string, LinkGroup>();
  for (const link of links) {
    const key = keyOf(link);
    let group = groups.get(key);
    if (!group) {
      const t = link.target;
      const isBroken = t.kind === 'broken' || (t.kind === 'page' && t.anchor !== undefined && !anchorsOf(t.page)?.has(t.anchor));
      group = { key, status: isBroken ? 'broken' : link.isInApp ? 'in-app' : 'ok', target: t, from: [] };
      groups.set(key, group);
    }
    if (group.from[group.from.length - 1] !== link.from) group.from.push(link.from);
  }
  return [...groups.values()];
}

/** Links written in one page only. */
export function linksFromPage(groups: readonly LinkGroup[], pageId: string): LinkGroup[] {
  return groups.filter((g) => g.from.includes(pageId)).map((g) => ({ ...g, from: [pageId] }));
}

/** The pages linking to (or embedding) a file, or linking to a page or an anchor in it, itself left out. */
export function backlinkPages(groups: readonly LinkGroup[], to: { file: string } | { page: string }, treeOrder: ReadonlyMap<string, number>): string[] {
  const pages = new Set<string>();
  for (const g of groups) {
    const t = g.target;
    const matches = 'file' in to ? t.kind === 'file' && t.file === to.file : t.kind === 'page' && t.page === to.page;
    if (matches) for (const from of g.from) if (!('page' in to) || from !== to.page) pages.add(from);
  }
  return [...pages].sort((a, b) => (treeOrder.get(a) ?? 0) - (treeOrder.get(b) ?? 0));
}

/**
 * Counts the reference's ContentReferencesStats over every group (the `status` filter never
 * changes them). `brokenInBase`, given for a change request, holds the keys of the groups broken
 * in the space's current revision: `broken.changeRequest` counts the links broken in the change
 * request's revision that are not broken in the space, i.e. that the change request broke (our
 * reading of "Count of broken links that were broken in current change request"). Main's lists
 * have no change request, so no `changeRequest` count.
 */
export function linkStats(groups: readonly LinkGroup[], brokenInBase?: ReadonlySet<string>): LinkStats {
  const broken = groups.filter((g) => g.status === 'broken');
  return {
    total: groups.length,
    broken: { total: broken.length, ...(brokenInBase ? { changeRequest: broken.filter((g) => !brokenInBase.has(g.key)).length } : {}) },
  };
}

export function brokenKeys(groups: readonly LinkGroup[]): Set<string> {
  return new Set(groups.filter((g) => g.status === 'broken').map((g) => g.key));
}

/**
 * The `status` filter. With `brokenContext=change-request` (listChangeRequestLinks), `broken`
 * keeps only what the change request broke (not broken in the space: `brokenInBase`).
 */
export function filterLinks(groups: readonly LinkGroup[], status: LinkStatus | undefined, brokenInBase?: ReadonlySet<string>): LinkGroup[] {
  if (!status) return [...groups];
  return groups.filter((g) => g.status === status && (status !== 'broken' || !brokenInBase || !brokenInBase.has(g.key)));
}

/** The other spaces links name (to fetch them in one query). */
export function linkedSpaceIds(groups: readonly LinkGroup[]): string[] {
  return [...new Set(groups.flatMap((g) => (g.target.kind === 'space' ? [g.target.space] : [])))];
}

/** A link to a space the caller cannot see (deleted, unknown or unreadable) is broken. */
export function settleSpaceTargets(groups: readonly LinkGroup[], isVisible: (spaceId: string) => boolean): LinkGroup[] {
  return groups.map((g) => (g.target.kind === 'space' && !isVisible(g.target.space) ? { ...g, status: 'broken' } : g));
}
