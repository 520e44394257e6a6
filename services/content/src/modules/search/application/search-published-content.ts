import type { SqlExecutor } from '@quire/platform/sql';
import type { SearchOutcome } from '../domain/search-content';
import { searchSpaces } from './search-sections';
import { SECTIONS_PER_PAGE } from './search-in-space';

/**
 * Site search (gRPC SearchPublishedContent, for the sites service, which decided which spaces a
 * caller may search): the index over those of `spaceIds` that are live spaces of the organization,
 * at their current revision — the one a site publishes; change requests are never indexed.
 * No caller check here: the sites service answers for its audience.
 */
export function searchPublishedContent(
  db: SqlExecutor,
  input: { organizationId: string; spaceIds: readonly string[]; query: string; offset: number; limit: number },
): Promise<SearchOutcome> {
  return searchSpaces(db, input.organizationId, [...new Set(input.spaceIds)], input.query, {
    offset: input.offset,
    limit: input.limit,
    sectionsPerPage: SECTIONS_PER_PAGE,
  });
}
