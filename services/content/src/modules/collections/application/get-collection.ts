import type { Role } from '@quire/access';
import type { Caller, ContentAppDeps } from '../../shared';
import { authorizeCollection } from '../policies/collection.policy';
import type { Collection } from '../model/collection';

/** A collection at the caller's level (a non-member, or an unknown id: 404). */
export async function getCollection(
  { db, membership }: ContentAppDeps,
  caller: Caller,
  input: { collectionId: string },
): Promise<{ collection: Collection; level: Role }> {
  const { collection, level } = await authorizeCollection(db, membership, input.collectionId, caller.userId, 'read');
  return { collection, level };
}
