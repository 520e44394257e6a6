import type { Role } from '@quire/access';
import type { PageRequest } from '@quire/input';
import { visibleSpaces } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { listSpacesInCollection, type SpaceWithCounts } from '../../spaces';
import { authorizeCollection } from '../policies/collection.policy';

/** The spaces directly in a collection that the caller sees, each at the caller's level. */
export async function listCollectionSpaces(
  { db, membership }: ContentAppDeps,
  caller: Caller,
  input: { collectionId: string; page: PageRequest },
): Promise<{ items: { space: SpaceWithCounts; level: Role | null }[]; total: number }> {
  const { collection, access } = await authorizeCollection(db, membership, input.collectionId, caller.userId, 'read');
  const { rows, total } = await listSpacesInCollection(db, collection.id, input.page, await visibleSpaces(db, access));
  return { items: rows.map((space) => ({ space, level: access.levelOf(space) })), total };
}
