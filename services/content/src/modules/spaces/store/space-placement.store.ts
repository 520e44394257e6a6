import { compareKeys } from '@quire/ordering';
import { queryRows, type SqlExecutor } from '@quire/platform/sql';
import { oneSpaceWithCounts, SPACE_WITH_COUNTS } from './spaces.store';
import type { SpaceWithCounts } from '../model/space';

/** Where a space sits: organization, parent collection, ordering key, and its visibility there. */
export interface SpacePlacement {
  organizationId: string;
  parentId: string | null;
  position: string;
  visibility: string;
}

export async function placeSpace(tx: SqlExecutor, id: string, placement: SpacePlacement, now: Date): Promise<SpaceWithCounts | null> {
  return oneSpaceWithCounts(
    tx,
    `UPDATE spaces s SET organization_id = $2, parent_id = $3, position = $4, visibility = $5, updated_at = $6
     WHERE s.id = $1 RETURNING ${SPACE_WITH_COUNTS}`,
    [id, placement.organizationId, placement.parentId, placement.position, placement.visibility, now],
  );
}

/**
 * Soft-deletes the live spaces in a collection's sub-tree and takes every space of it (deleted or
 * not) to the top level, with a valid visibility there; the caller gives each a new key.
 * Returns the spaces in their previous tree order.
 */
export async function orphanSpacesOfCollectionTree(tx: SqlExecutor, collectionId: string, now: Date): Promise<{ id: string; wasDeleted: boolean }[]> {
  const rows = await queryRows<{ id: string; was_deleted: boolean; sort_key: string }>(
    tx,
    `WITH RECURSIVE sub AS (
       SELECT id, ''::text COLLATE "C" AS sort_path FROM collections WHERE id = $1
       UNION ALL
       SELECT c.id, (sub.sort_path || c.position || ' ') COLLATE "C" FROM collections c JOIN sub ON c.parent_id = sub.id
     ), orphaned AS (
       SELECT s.id, s.deleted_at IS NOT NULL AS was_deleted, (sub.sort_path || s.position) COLLATE "C" AS sort_key
       FROM spaces s JOIN sub ON s.parent_id = sub.id FOR UPDATE OF s
     )
     UPDATE spaces s SET parent_id = NULL, deleted_at = COALESCE(s.deleted_at, $2), updated_at = $2,
       visibility = CASE WHEN s.visibility = 'in-collection' THEN 'private' ELSE s.visibility END
     FROM orphaned o WHERE s.id = o.id
     RETURNING s.id, o.was_deleted, o.sort_key`,
    [collectionId, now],
  );
  return rows.sort((a, b) => compareKeys(a.sort_key, b.sort_key) || compareKeys(a.id, b.id)).map((row) => ({ id: row.id, wasDeleted: row.was_deleted }));
}

export async function setSpacePosition(tx: SqlExecutor, id: string, position: string): Promise<void> {
  await tx.query('UPDATE spaces SET position = $2 WHERE id = $1', [id, position]);
}

/** Moves every space of the given collections to another organization (collection transfer). */
export async function setOrganizationOfSpacesIn(tx: SqlExecutor, collectionIds: string[], organizationId: string, now: Date): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(tx, 'UPDATE spaces SET organization_id = $2, updated_at = $3 WHERE parent_id = ANY($1::text[]) RETURNING id', [
    collectionIds,
    organizationId,
    now,
  ]);
  return rows.map((r) => r.id);
}
