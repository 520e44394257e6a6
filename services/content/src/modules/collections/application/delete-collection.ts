import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { dropGrantsOn, lastKeyAmong, lockContentOrdering } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { orphanSpacesOfCollectionTree } from '../../spaces';
import { authorizeCollection } from '../policies/collection.policy';
import { collectionSubtreeIds, deleteCollectionRow } from '../store/collections.store';
import type { Collection } from '../model/collection';

/**
 * Deletes a collection with its sub-collections; its spaces are deleted like DELETE /spaces/{id}
 * (restorable for 7 days, at the top level).
 */
export async function deleteCollection({ db, membership, clock }: ContentAppDeps, caller: Caller, input: { collectionId: string }): Promise<void> {
  const { collection } = await authorizeCollection(db, membership, input.collectionId, caller.userId, 'delete');
  await deleteCollectionTree(db, collection, clock());
}

/**
 * The command of deleteCollection: deletes a collection with its sub-collections. Their spaces are
 * not lost: each is deleted the way DELETE /spaces/{id} deletes (restorable for 7 days) and taken
 * to the top level, at the end in their previous order, so a restore brings it back there; an
 * `in-collection` visibility becomes `private` there. Spaces already deleted go to the top level
 * too, still deleted.
 */
export async function deleteCollectionTree(db: SqlDatabase, collection: Collection, now: Date): Promise<{ collections: string[]; spaces: string[] }> {
  return db.transaction(async (tx) => {
    const organizationId = collection.organizationId;
    await lockContentOrdering(tx, organizationId);
    const collections = await collectionSubtreeIds(tx, collection.id);
    // The end of the top level before the orphans join it (their old keys belong elsewhere).
    const last = await lastKeyAmong(tx, { organizationId, parentId: null, excludeId: null });
    const orphans = await orphanSpacesOfCollectionTree(tx, collection.id, last, now);
    await deleteCollectionRow(tx, collection.id);
    // The collections are gone for good; the orphaned spaces keep their own grants (restorable).
    await dropGrantsOn(tx, organizationId, collections, now);
    const deletedSpaces = orphans.filter((o) => !o.wasDeleted).map((o) => o.id);
    for (const spaceId of deletedSpaces) {
      await enqueueEvent(
        tx,
        outboxEvent(CONTENT_TOPIC, spaceId, ContentEvent.spaceDeleted, { spaceId, organizationId, reason: 'collection-deleted', collectionId: collection.id }),
        now,
      );
    }
    await enqueueEvent(
      tx,
      outboxEvent(CONTENT_TOPIC, collection.id, ContentEvent.collectionDeleted, {
        collectionId: collection.id,
        organizationId,
        collections,
        spaces: deletedSpaces,
      }),
      now,
    );
    return { collections, spaces: deletedSpaces };
  });
}
