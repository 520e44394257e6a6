import { keyBetween } from '@quire/ordering';
import type { SqlExecutor } from '@quire/platform/sql';
import { moveSpaceCustomFieldValues } from '../store/space-custom-field-values.store';
import { detachSpacesOfCollectionTree, setOrganizationOfSpacesIn, setSpacePosition } from '../store/space-placement.store';

// What a collection command does to the spaces in it, inside the collection's transaction (the
// caller holds the ordering lock and enqueues the events).

/**
 * Takes every space of a collection's sub-tree to the top level, soft-deleting the live ones, at
 * the end after `lastKey` in their previous tree order, so a restore brings each back there; an
 * `in-collection` visibility becomes `private`.
 */
export async function orphanSpacesOfCollectionTree(
  tx: SqlExecutor,
  collectionId: string,
  lastKey: string | null,
  now: Date,
): Promise<{ id: string; wasDeleted: boolean }[]> {
  const orphans = await detachSpacesOfCollectionTree(tx, collectionId, now);
  let last = lastKey;
  for (const orphan of orphans) {
    last = keyBetween(last, null);
    await setSpacePosition(tx, orphan.id, last);
  }
  return orphans;
}

/**
 * Moves the spaces of the given collections to another organization, each as a space transfer
 * does (custom-field values follow the fields of the same name). Returns each space with the
 * counts of its values, for its event.
 */
export async function transferSpacesOfCollections(
  tx: SqlExecutor,
  collectionIds: string[],
  organizationId: string,
  now: Date,
): Promise<{ spaceId: string; customFieldValues: { moved: number; dropped: number } }[]> {
  const spaces = await setOrganizationOfSpacesIn(tx, collectionIds, organizationId, now);
  const moved = [];
  for (const spaceId of spaces) moved.push({ spaceId, customFieldValues: await moveSpaceCustomFieldValues(tx, spaceId, organizationId) });
  return moved;
}
