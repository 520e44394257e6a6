import type { Role } from '@quire/access';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { authorizeInOrganization, dropGrantsOn, levelOnContent, transferToOrganization } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { transferSpacesOfCollections } from '../../spaces';
import { authorizeCollection } from '../policies/collection.policy';
import { collectionSubtreeIds, placeCollection, setOrganizationOfCollections } from '../store/collections.store';
import type { Collection } from '../model/collection';

/** Moves a collection to another organization: admin of it here and admin of the target (a non-member of it: 404). */
export async function transferCollection(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { collectionId: string; organizationId: string },
): Promise<{ collection: Collection; level: Role | null }> {
  const { collection } = await authorizeCollection(db, membership, input.collectionId, caller.userId, 'transfer');
  await authorizeInOrganization(membership, input.organizationId, caller.userId, 'receiveTransfer');
  const moved = await moveCollectionToOrganization(db, collection, input.organizationId, clock());
  return { collection: moved, level: await levelOnContent(db, membership, moved, caller.userId) };
}

/**
 * The command of transferCollection: the collection goes to the end of the other organization's
 * top level; its sub-collections and all their spaces (deleted ones too, so they restore there) go
 * along, each space as a space transfer does (custom-field values follow the fields of the same name).
 */
export function moveCollectionToOrganization(db: SqlDatabase, collection: Collection, organizationId: string, now: Date): Promise<Collection> {
  const from = collection.organizationId;
  return transferToOrganization(db, collection, organizationId, {
    what: `Collection ${collection.id}`,
    place: (tx, position) => placeCollection(tx, collection.id, { organizationId, parentId: null, position }, now),
    after: async (tx) => {
      const collections = await collectionSubtreeIds(tx, collection.id);
      await setOrganizationOfCollections(tx, collections, organizationId, now);
      const spaces = await transferSpacesOfCollections(tx, collections, organizationId, now);
      // Grants name the old organization's people and teams: they stay behind.
      await dropGrantsOn(tx, from, [...collections, ...spaces.map((s) => s.spaceId)], now);
      for (const { spaceId, customFieldValues } of spaces) {
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
          spaces: spaces.map((s) => s.spaceId),
        }),
        now,
      );
    },
  });
}
