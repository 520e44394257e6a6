import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { newId } from '@quire/ids';
import { keyBetween } from '@quire/ordering';
import type { SqlDatabase } from '@quire/platform/sql';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { collectionSubtreeIds, deleteCollection, insertCollection, updateCollection, type CollectionChanges } from '../store/collections.store';
import { lastSiblingKey, lockOrdering, keyAtEnd } from '../../content-tree';
import { orphanSpacesOfCollectionTree, setSpacePosition } from '../../spaces';
import type { Collection } from '../model/collection';

/** A new collection at the end of its parent (or of the top level). */
export async function createCollection(
  db: SqlDatabase,
  input: { organizationId: string; parentId: string | null; title: string; defaultLevel: string },
  now: Date,
): Promise<Collection> {
  return db.transaction(async (tx) => {
    await lockOrdering(tx, input.organizationId);
    const id = newId();
    const position = await keyAtEnd(tx, { organizationId: input.organizationId, parentId: input.parentId, excludeId: null });
    const collection = await insertCollection(tx, { id, ...input, position }, now);
    await enqueueEvent(
      tx,
      outboxEvent(CONTENT_TOPIC, id, ContentEvent.collectionCreated, { collectionId: id, organizationId: input.organizationId, parent: input.parentId }),
      now,
    );
    return collection;
  });
}

/** Applies a PATCH; the event names the fields that changed. An empty PATCH changes nothing. */
export async function updateCollectionFields(db: SqlDatabase, collection: Collection, changes: CollectionChanges, now: Date): Promise<Collection> {
  const fields = Object.keys(changes).filter((k) => changes[k as keyof CollectionChanges] !== undefined);
  if (fields.length === 0) return collection;
  return db.transaction(async (tx) => {
    const row = await updateCollection(tx, collection.id, changes, now);
    if (!row) throw notFound(`Collection ${collection.id} not found`);
    await enqueueEvent(
      tx,
      outboxEvent(CONTENT_TOPIC, collection.id, ContentEvent.collectionUpdated, {
        collectionId: collection.id,
        organizationId: collection.organizationId,
        fields,
      }),
      now,
    );
    return row;
  });
}

/**
 * Deletes a collection with its sub-collections. Their spaces are not lost: each is deleted the
 * way DELETE /spaces/{id} deletes (restorable for 7 days) and taken to the top level, at the end
 * in their previous order, so a restore brings it back there; an `in-collection` visibility
 * becomes `private` there. Spaces already deleted go to the top level too, still deleted.
 */
export async function deleteCollectionTree(db: SqlDatabase, collection: Collection, now: Date): Promise<{ collections: string[]; spaces: string[] }> {
  return db.transaction(async (tx) => {
    const organizationId = collection.organizationId;
    await lockOrdering(tx, organizationId);
    const collections = await collectionSubtreeIds(tx, collection.id);
    // The end of the top level before the orphans join it (their old keys belong elsewhere).
    let last = await lastSiblingKey(tx, { organizationId, parentId: null, excludeId: null });
    const orphans = await orphanSpacesOfCollectionTree(tx, collection.id, now);
    for (const orphan of orphans) {
      last = keyBetween(last, null);
      await setSpacePosition(tx, orphan.id, last);
    }
    await deleteCollection(tx, collection.id);
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
