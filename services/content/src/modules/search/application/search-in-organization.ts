import type { PageRequest } from '@quire/input';
import { authorizeInOrganization } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import type { SearchOutcome } from '../domain/search-content';
import { searchOrganization } from './search-sections';
import { SECTIONS_PER_PAGE } from './search-in-space';

/** How many pages a space result shows. */
const PAGES_PER_SPACE = 5;

/**
 * Search over every live space of an organization. Every member reads every live space of it (a
 * level never goes below `read`), so membership is the whole check; a non-member gets 404.
 */
export async function searchInOrganization(
  { db, membership }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; query: string; page: PageRequest },
): Promise<SearchOutcome> {
  await authorizeInOrganization(membership, input.organizationId, caller.userId, 'read');
  return searchOrganization(db, input.organizationId, input.query, { ...input.page, pagesPerGroup: PAGES_PER_SPACE, sectionsPerPage: SECTIONS_PER_PAGE });
}
