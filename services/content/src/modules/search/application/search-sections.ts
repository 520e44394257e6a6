import type { SqlExecutor } from '@quire/platform/sql';
import { pageKey, rankResults, type ResultLimits } from '../domain/rank-results';
import { CANDIDATES_PER_TIER, SCAN_PAGES_AT_MOST, type SearchOutcome } from '../domain/search-content';
import { SNIPPET_LEAD_CHARS, snippetFromSentenceStart } from '../domain/snippet-start';
import type { SearchScope } from '../model/search';
import type { VisibleFilter } from '../../content-tree';
import { countIndexedPagesUpTo, findLiveSpaceTitles, findSearchCandidates, findSectionHits } from '../store/search.store';

// The three searches: the candidates read, ranked (domain/rank-results.ts), the sections shown read with their snippets.

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
  const hits = (await findSectionHits(db, query, sections, SNIPPET_LEAD_CHARS)).map(({ snippetLead, ...hit }) => ({
    ...hit,
    snippet: snippetFromSentenceStart(hit.snippet, snippetLead),
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

/** An organization's live spaces that match (of those the caller may read: `visible`), best first, with their best pages. */
export async function searchOrganization(
  db: SqlExecutor,
  organizationId: string,
  visible: VisibleFilter,
  query: string,
  limits: ResultLimits,
): Promise<SearchOutcome> {
  if ('only' in visible) {
    if (visible.only.length === 0) return { hits: [], groups: 0, complete: true };
    const scan = (await countIndexedPagesUpTo(db, visible.only, SCAN_PAGES_AT_MOST + 1)) <= SCAN_PAGES_AT_MOST;
    return search(db, { organizationId, spaceIds: visible.only, scan }, query, 'space', limits);
  }
  return search(db, { organizationId, ...('except' in visible ? { exceptSpaceIds: visible.except } : {}) }, query, 'space', limits);
}

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
