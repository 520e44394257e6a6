import { badRequest } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { collectionSubtreeIds, placeCollection, setOrganizationOfCollections } from '../store/collections.store';
import { moveSpaceCustomFieldValues, setOrganizationOfSpacesIn } from '../../spaces';
import { moveWithinOrganization, transferToOrganization, type MoveTarget } from '../../content-tree';
import type { Collection } from '../model/collection';

/**
 * Moves a collection under `parentId` (null: the top level) at `position`; only its own row
 * changes. A collection cannot move into itself or one of its sub-collections (400).
 */
export function moveCollection(db: SqlDatabase, collection: Collection, target: MoveTarget, now: Date): Promise<Collection> {
  const organizationId = collection.organizationId;
  return moveWithinOrganization(db, collection, target, {
    what: `Collection ${collection.id}`,
    check: async (tx) => {
      if (target.parentId !== null && (await collectionSubtreeIds(tx, collection.id)).includes(target.parentId)) {
        throw badRequest('Invalid body field "parent": a collection cannot move into itself or one of its sub-collections');
      }
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

/**
 * Transfers a collection to another organization, at the end of its top level; its
 * sub-collections and all their spaces (deleted ones too, so they restore there) go along, each
 * space as a space transfer does (custom-field values follow the fields of the same name).
 */
export function transferCollection(db: SqlDatabase, collection: Collection, organizationId: string, now: Date): Promise<Collection> {
  const from = collection.organizationId;
  return transferToOrganization(db, collection, organizationId, {
    what: `Collection ${collection.id}`,
    place: (tx, position) => placeCollection(tx, collection.id, { organizationId, parentId: null, position }, now),
    after: async (tx) => {
      const collections = await collectionSubtreeIds(tx, collection.id);
      await setOrganizationOfCollections(tx, collections, organizationId, now);
      const spaces = await setOrganizationOfSpacesIn(tx, collections, organizationId, now);
      for (const spaceId of spaces) {
        const customFieldValues = await moveSpaceCustomFieldValues(tx, spaceId, organizationId);
        await enqueueEvent(
          tx,
          outboxEvent(CONTENT_TOPIC, spaceId, ContentEvent.spaceTransferred, {
            spaceId,
            from,
            to: organizationId,
            collectionId: collection.id,
            customFieldValues,
          }),
          now,
        );
      }
      await enqueueEvent(
        tx,
        outboxEvent(CONTENT_TOPIC, collection.id, ContentEvent.collectionTransferred, {
          collectionId: collection.id,
          from,
          to: organizationId,
          collections,
          spaces,
        }),
        now,
      );
    },
  });
}
