import type { PageRequest } from '@quire/input';
import { authorizeContentReader, visibleSpaces } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import type { SearchOutcome } from '../domain/search-content';
import { searchOrganization } from './search-sections';
import { SECTIONS_PER_PAGE } from './search-in-space';

/** How many pages a space result shows. */
const PAGES_PER_SPACE = 5;

/**
 * Search over the live spaces of an organization the caller may read (a member: those not hidden
 * from them; a guest: those granted); a stranger gets 404.
 */
export async function searchInOrganization(
  { db, membership }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; query: string; page: PageRequest },
): Promise<SearchOutcome> {
  const access = await authorizeContentReader(db, membership, input.organizationId, caller.userId);
  return searchOrganization(db, input.organizationId, await visibleSpaces(db, access), input.query, {
    ...input.page,
    pagesPerGroup: PAGES_PER_SPACE,
    sectionsPerPage: SECTIONS_PER_PAGE,
  });
}
