import type { PageRequest } from '@quire/input';
import type { Caller, ContentAppDeps } from '../../shared';
import { authorizeSpace } from '../../spaces';
import type { SearchOutcome } from '../domain/search-content';
import { searchSpace } from './search-sections';

/** Sections a page result shows. */
export const SECTIONS_PER_PAGE = 3;

/** Search over the current revision of one live space (`read` level). */
export async function searchInSpace(
  { db, membership }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string; query: string; page: PageRequest },
): Promise<SearchOutcome> {
  const { space } = await authorizeSpace(db, membership, input.spaceId, caller.userId, 'read', 'live');
  return searchSpace(db, space.id, input.query, { ...input.page, sectionsPerPage: SECTIONS_PER_PAGE });
}
