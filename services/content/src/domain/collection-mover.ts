import { badRequest, conflict, notFound, type SqlDatabase } from '@quire/common';
import { announce } from '../events/announce';
import { ContentEvent } from '../events/content-events';
import { collectionSubtreeIds, placeCollection, setOrganizationOfCollections, type CollectionRow } from '../store/collections.store';
import { moveSpaceCustomFieldValues } from '../store/custom-field-values.store';
import { lockOrdering } from '../store/ordering.store';
import { setOrganizationOfSpacesIn } from '../store/space-placement.store';
import { keyAtEnd, keyForPosition, type ContentPosition } from './content-position';

/**
 * Moves a collection under `parentId` (null: the top level) at `position`; only its own row
 * changes. A collection cannot move into itself or one of its sub-collections (400).
 */
export async function moveCollection(
  db: SqlDatabase,
  collection: CollectionRow,
  target: { parentId: string | null; position?: ContentPosition },
  now: Date,
): Promise<CollectionRow> {
  return db.transaction(async (tx) => {
    const organizationId = collection.organization_id;
    await lockOrdering(tx, organizationId);
    if (target.parentId !== null && (await collectionSubtreeIds(tx, collection.id)).includes(target.parentId)) {
      throw badRequest('Invalid body field "parent": a collection cannot move into itself or one of its sub-collections');
    }
    const position = await keyForPosition(tx, { organizationId, parentId: target.parentId, excludeId: collection.id }, target.position);
    const moved = await placeCollection(tx, collection.id, { organizationId, parentId: target.parentId, position }, now);
    if (!moved) throw notFound(`Collection ${collection.id} not found`);
    await announce(
      tx,
      collection.id,
      ContentEvent.collectionMoved,
      { collectionId: collection.id, organizationId, parent: target.parentId, previousParent: collection.parent_id },
      now,
    );
    return moved;
  });
}

/**
 * Transfers a collection to another organization, at the end of its top level; its
 * sub-collections and all their spaces (deleted ones too, so they restore there) go along, each
 * space as a space transfer does (custom-field values follow the fields of the same name).
 */
export async function transferCollection(db: SqlDatabase, collection: CollectionRow, organizationId: string, now: Date): Promise<CollectionRow> {
  const from = collection.organization_id;
  if (organizationId === from) throw conflict(`Collection ${collection.id} already belongs to organization ${organizationId}`);
  return db.transaction(async (tx) => {
    // Both organizations' orderings change; lock them in one global order so two opposite
    // transfers cannot deadlock.
    for (const org of [from, organizationId].sort()) await lockOrdering(tx, org);
    const collections = await collectionSubtreeIds(tx, collection.id);
    const position = await keyAtEnd(tx, { organizationId, parentId: null, excludeId: null });
    const moved = await placeCollection(tx, collection.id, { organizationId, parentId: null, position }, now);
    if (!moved) throw notFound(`Collection ${collection.id} not found`);
    await setOrganizationOfCollections(tx, collections, organizationId, now);
    const spaces = await setOrganizationOfSpacesIn(tx, collections, organizationId, now);
    for (const spaceId of spaces) {
      const customFieldValues = await moveSpaceCustomFieldValues(tx, spaceId, organizationId);
      await announce(tx, spaceId, ContentEvent.spaceTransferred, { spaceId, from, to: organizationId, collectionId: collection.id, customFieldValues }, now);
    }
    await announce(tx, collection.id, ContentEvent.collectionTransferred, { collectionId: collection.id, from, to: organizationId, collections, spaces }, now);
    return moved;
  });
}
