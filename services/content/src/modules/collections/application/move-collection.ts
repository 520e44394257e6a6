import type { Role } from '@quire/access';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { authorizeMoveTarget, moveWithinOrganization, type MoveTarget } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { refuseMoveIntoSubtree } from '../domain/collections';
import { authorizeCollection } from '../policies/collection.policy';
import { collectionSubtreeIds, placeCollection } from '../store/collections.store';
import type { Collection } from '../model/collection';

/** Moves a collection among its siblings or under another parent; `parent` omitted: it stays under its parent. */
export async function moveCollection(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { collectionId: string; parent?: string | null; position?: MoveTarget['position'] },
): Promise<{ collection: Collection; level: Role }> {
  const { collection, level } = await authorizeCollection(db, membership, input.collectionId, caller.userId, 'move');
  const parentId = await authorizeMoveTarget(db, membership, collection, input.parent, caller.userId);
  return { collection: await moveCollectionWithin(db, collection, { parentId, position: input.position }, clock()), level };
}

/**
 * The command of moveCollection: the collection goes under `parentId` (null: the top level) at
 * `position`; only its own row changes. It cannot move into itself or one of its sub-collections (400).
 */
export function moveCollectionWithin(db: SqlDatabase, collection: Collection, target: MoveTarget, now: Date): Promise<Collection> {
  const organizationId = collection.organizationId;
  return moveWithinOrganization(db, collection, target, {
    what: `Collection ${collection.id}`,
    check: async (tx) => {
      if (target.parentId !== null) refuseMoveIntoSubtree(target.parentId, await collectionSubtreeIds(tx, collection.id));
    },
    place: (tx, position) => placeCollection(tx, collection.id, { organizationId, parentId: target.parentId, position }, now),
    after: async (tx) => {
      await enqueueEvent(
        tx,
        outboxEvent(CONTENT_TOPIC, collection.id, ContentEvent.collectionMoved, {
          collectionId: collection.id,
          organizationId,
          parent: target.parentId,
          previousParent: collection.parentId,
        }),
        now,
      );
    },
  });
}
