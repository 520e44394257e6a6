import type { SqlExecutor } from '@quire/platform/sql';
import { countIndexedPagesUpTo, findLiveSpaceTitles, findSearchCandidates, findSectionHits, type SearchScope, type SectionHit } from '../store/search.store';
import { pageKey, rankResults, type ResultLimits } from './rank-results';

/**
 * The most sections a search reads from each tier (page title, heading, anywhere) to rank. A
 * query with fewer matches than this ranks every one of them; a broader one (a word on nearly
 * every page) ranks a sample that holds the title and heading matches first, so its cost stays
 * bounded however large the organization (bench: `npm run bench -- search`).
 */
export const CANDIDATES_PER_TIER = 500;

/**
 * A section as shown, with its space's title, its relevance (`score`, ts_rank: higher is better)
 * and its page's one-based position among all the pages found (`pageRank`).
 */
export type SearchHit = SectionHit & { spaceTitle: string; score: number; pageRank: number };

export interface SearchOutcome {
  /** The sections shown, grouped and in result order. */
  hits: SearchHit[];
  /** Groups found among the candidates: all of them when `complete`. */
  groups: number;
  /** Every match was ranked (false: the query is broad, `groups` counts a sample). */
  complete: boolean;
}

async function search(db: SqlExecutor, scope: SearchScope, query: string, groupBy: 'space' | 'page', limits: ResultLimits): Promise<SearchOutcome> {
  const { candidates, complete } = await findSearchCandidates(db, scope, query, CANDIDATES_PER_TIER);
  // The index keeps a deleted or transferred space's rows until its event is applied.
  const spaceTitles = await findLiveSpaceTitles(
    db,
    [...new Set(candidates.map((c) => c.spaceId))],
    'organizationId' in scope ? scope.organizationId : undefined,
  );
  const { sections, groups, pagePositions } = rankResults(candidates, new Set(spaceTitles.keys()), groupBy, limits);
  const scores = new Map(sections.map((s) => [`${pageKey(s)}#${s.position}`, s.rank]));
  const hits = (await findSectionHits(db, query, sections)).map((hit) => ({
    ...hit,
    spaceTitle: spaceTitles.get(hit.spaceId) ?? '',
    score: scores.get(`${pageKey(hit)}#${hit.position}`) ?? 0,
    pageRank: pagePositions.get(pageKey(hit)) ?? 0,
  }));
  return { hits, groups, complete };
}

/** A space's pages that match, best first, each with its best sections. */
export function searchSpace(db: SqlExecutor, spaceId: string, query: string, limits: Omit<ResultLimits, 'pagesPerGroup'>): Promise<SearchOutcome> {
  return search(db, { spaceId }, query, 'page', { ...limits, pagesPerGroup: 1 });
}

/** An organization's live spaces that match, best first, with their best pages. */
export function searchOrganization(db: SqlExecutor, organizationId: string, query: string, limits: ResultLimits): Promise<SearchOutcome> {
  return search(db, { organizationId }, query, 'space', limits);
}

/**
 * The most pages a site search reads section by section instead of through the index: a frequent
 * word's posting list costs the index 40–80 ms whatever the scope, while scanning 200 pages' sections
 * costs about a millisecond (EXPLAIN on the 10,000-page site of bench/site-search.js: one site
 * space, `specific`, 5 vs 50 ms for a frequent word; 100 spaces scanned, 150–220 ms for a rare one).
 */
export const SCAN_PAGES_AT_MOST = 200;

/**
 * Some live spaces of an organization (a site's), paged over pages (one group per page, best
 * first), the way the reference's SearchPageResult.rank reads: a position in one ranked list of
 * pages, which a caller then groups by space. A scope of a few pages is scanned, a larger one
 * searched through the index; both find the same sections.
 */
export async function searchSpaces(
  db: SqlExecutor,
  organizationId: string,
  spaceIds: readonly string[],
  query: string,
  limits: Omit<ResultLimits, 'pagesPerGroup'>,
): Promise<SearchOutcome> {
  const scan = (await countIndexedPagesUpTo(db, spaceIds, SCAN_PAGES_AT_MOST + 1)) <= SCAN_PAGES_AT_MOST;
  return search(db, { organizationId, spaceIds, scan }, query, 'page', { ...limits, pagesPerGroup: 1 });
}
