import type { Caller, ContentAppDeps } from '../../shared';
import { deleteCollectionTree } from '../domain/collections';
import { authorizeCollection } from '../policies/collection.policy';

/**
 * Deletes a collection with its sub-collections; its spaces are deleted like DELETE /spaces/{id}
 * (restorable for 7 days, at the top level).
 */
export async function deleteCollection({ db, membership, clock }: ContentAppDeps, caller: Caller, input: { collectionId: string }): Promise<void> {
  const { collection } = await authorizeCollection(db, membership, input.collectionId, caller.userId, 'delete');
  await deleteCollectionTree(db, collection, clock());
}
