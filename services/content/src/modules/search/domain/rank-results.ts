import type { SearchCandidate } from '../model/search';

// From matching sections to one page of results: a page ranks as its best section and shows its
// best few; a group (a space in organization search, a page in space search) ranks as its best
// page. Ties break on ids, so the same candidates always answer the same order and pages of
// results neither repeat nor skip a group.

export interface ResultLimits {
  limit: number;
  offset: number;
  /** The best pages a group shows. */
  pagesPerGroup: number;
  /** The best sections a page shows. */
  sectionsPerPage: number;
}

interface RankedPage {
  spaceId: string;
  pageId: string;
  rank: number;
  sections: SearchCandidate[];
}

interface RankedGroup {
  id: string;
  rank: number;
  pages: RankedPage[];
}

const byRank = <T extends { rank: number }>(a: T, b: T) => b.rank - a.rank;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sections found under several tiers once; those of spaces not in `liveSpaceIds` never. */
function liveSections(candidates: readonly SearchCandidate[], liveSpaceIds: ReadonlySet<string>): SearchCandidate[] {
  const sections = new Map<string, SearchCandidate>();
  for (const c of candidates) {
    if (!liveSpaceIds.has(c.spaceId)) continue;
    const key = `${c.spaceId}/${c.pageId}/${c.position}`;
    const seen = sections.get(key);
    if (!seen || c.tier > seen.tier) sections.set(key, c);
  }
  return [...sections.values()];
}

function rankPages(sections: readonly SearchCandidate[]): RankedPage[] {
  const pages = new Map<string, RankedPage>();
  for (const section of sections) {
    const key = `${section.spaceId}/${section.pageId}`;
    const page = pages.get(key) ?? { spaceId: section.spaceId, pageId: section.pageId, rank: -Infinity, sections: [] };
    page.sections.push(section);
    page.rank = Math.max(page.rank, section.rank);
    pages.set(key, page);
  }
  for (const page of pages.values()) page.sections.sort((a, b) => byRank(a, b) || b.tier - a.tier || a.position - b.position);
  return [...pages.values()];
}

const byPageRank = (a: RankedPage, b: RankedPage) => byRank(a, b) || byText(a.spaceId, b.spaceId) || byText(a.pageId, b.pageId);

/** The key of a page in `pagePositions`. */
export const pageKey = (p: { spaceId: string; pageId: string }) => `${p.spaceId}/${p.pageId}`;

/**
 * The groups on the requested page, best first, each with its best pages and their best sections
 * (flattened in that order), how many groups the candidates make, and each page's one-based
 * position among all the pages found (what stays the same from one page of results to the next,
 * however they are grouped: today's client's SearchPageResult.rank).
 */
export function rankResults(
  candidates: readonly SearchCandidate[],
  liveSpaceIds: ReadonlySet<string>,
  groupBy: 'space' | 'page',
  limits: ResultLimits,
): { sections: SearchCandidate[]; groups: number; pagePositions: Map<string, number> } {
  const pages = rankPages(liveSections(candidates, liveSpaceIds));
  const pagePositions = new Map([...pages].sort(byPageRank).map((page, i) => [pageKey(page), i + 1]));
  const groups = new Map<string, RankedGroup>();
  for (const page of pages) {
    const id = groupBy === 'space' ? page.spaceId : `${page.spaceId}/${page.pageId}`;
    const group = groups.get(id) ?? { id, rank: -Infinity, pages: [] };
    group.pages.push(page);
    group.rank = Math.max(group.rank, page.rank);
    groups.set(id, group);
  }
  const ordered = [...groups.values()].sort((a, b) => byRank(a, b) || byText(a.id, b.id));
  const sections = ordered.slice(limits.offset, limits.offset + limits.limit).flatMap((group) =>
    group.pages
      .sort(byPageRank)
      .slice(0, limits.pagesPerGroup)
      .flatMap((page) => page.sections.slice(0, limits.sectionsPerPage)),
  );
  return { sections, groups: ordered.length, pagePositions };
}
