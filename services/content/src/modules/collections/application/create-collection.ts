import type { Role } from '@quire/access';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { authorizeDestination, authorizeInOrganization, keyAtEnd, levelOnContent, lockContentOrdering } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { insertCollectionRow } from '../store/collections.store';
import type { Collection } from '../model/collection';

/** A new collection inherits (defaultLevel `inherit`) and goes at the end of its parent. */
export async function createCollection(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; parentId: string | null; title: string },
): Promise<{ collection: Collection; level: Role | null }> {
  const { organizationId, parentId } = input;
  await authorizeInOrganization(membership, organizationId, caller.userId, 'createContent');
  if (parentId) await authorizeDestination(db, membership, organizationId, parentId, caller.userId);
  const collection = await createCollectionAtEnd(db, { organizationId, parentId, title: input.title, defaultLevel: 'inherit' }, clock());
  return { collection, level: await levelOnContent(db, membership, collection, caller.userId) };
}

/** The command of createCollection, already authorized: a new collection at the end of its parent (or of the top level). */
export async function createCollectionAtEnd(
  db: SqlDatabase,
  input: { organizationId: string; parentId: string | null; title: string; defaultLevel: string },
  now: Date,
): Promise<Collection> {
  return db.transaction(async (tx) => {
    await lockContentOrdering(tx, input.organizationId);
    const id = newId();
    const position = await keyAtEnd(tx, { organizationId: input.organizationId, parentId: input.parentId, excludeId: null });
    const collection = await insertCollectionRow(tx, { id, ...input, position }, now);
    await enqueueEvent(
      tx,
      outboxEvent(CONTENT_TOPIC, id, ContentEvent.collectionCreated, { collectionId: id, organizationId: input.organizationId, parent: input.parentId }),
      now,
    );
    return collection;
  });
}
