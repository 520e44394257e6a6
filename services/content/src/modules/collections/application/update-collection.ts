import type { Role } from '@quire/access';
import type { Caller, ContentAppDeps } from '../../shared';
import { updateCollectionFields } from '../domain/collections';
import { authorizeCollection } from '../policies/collection.policy';
import type { CollectionChanges } from '../store/collections.store';
import type { Collection } from '../model/collection';

/** Changes a collection's title, description or default level. */
export async function updateCollection(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { collectionId: string; changes: CollectionChanges },
): Promise<{ collection: Collection; level: Role }> {
  const { collection, level } = await authorizeCollection(db, membership, input.collectionId, caller.userId, 'update');
  return { collection: await updateCollectionFields(db, collection, input.changes, clock()), level };
}
