import type { Role } from '@quire/access';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import type { Caller, ContentAppDeps } from '../../shared';
import { changedCollectionFields } from '../domain/collections';
import { authorizeCollection } from '../policies/collection.policy';
import { updateCollectionRow } from '../store/collections.store';
import type { Collection, CollectionChanges } from '../model/collection';

/** Changes a collection's title, description or default level. */
export async function updateCollection(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { collectionId: string; changes: CollectionChanges },
): Promise<{ collection: Collection; level: Role }> {
  const { collection, level } = await authorizeCollection(db, membership, input.collectionId, caller.userId, 'update');
  return { collection: await updateCollectionFields(db, collection, input.changes, clock()), level };
}

/** The command of updateCollection: applies a PATCH; the event names the fields that changed. An empty PATCH changes nothing. */
export async function updateCollectionFields(db: SqlDatabase, collection: Collection, changes: CollectionChanges, now: Date): Promise<Collection> {
  const fields = changedCollectionFields(changes);
  if (fields.length === 0) return collection;
  return db.transaction(async (tx) => {
    const row = await updateCollectionRow(tx, collection.id, changes, now);
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
