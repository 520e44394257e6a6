import { compareKeys } from '@quire/ordering';
import { sql, typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';

const table = (db: SqlExecutor) => typedSql<Database>(db);

/**
 * Soft-deletes the live spaces in a collection's sub-tree and takes every space of it (deleted or
 * not) to the top level, with a valid visibility there; the caller gives each a new key.
 * Returns the spaces in their previous tree order.
 */
export async function detachSpacesOfCollectionTree(db: SqlExecutor, collectionId: string, now: Date): Promise<{ id: string; wasDeleted: boolean }[]> {
  // Raw: a recursive CTE feeding an UPDATE … FROM with a row lock inside the CTE.
  const { rows } = await sql<{ id: string; was_deleted: boolean; sort_key: string }>`
    WITH RECURSIVE sub AS (
      SELECT id, ''::text COLLATE "C" AS sort_path FROM collections WHERE id = ${collectionId}
      UNION ALL
      SELECT c.id, (sub.sort_path || c.position || ' ') COLLATE "C" FROM collections c JOIN sub ON c.parent_id = sub.id
    ), orphaned AS (
      SELECT s.id, s.deleted_at IS NOT NULL AS was_deleted, (sub.sort_path || s.position) COLLATE "C" AS sort_key
      FROM spaces s JOIN sub ON s.parent_id = sub.id FOR UPDATE OF s
    )
    UPDATE spaces s SET parent_id = NULL, deleted_at = COALESCE(s.deleted_at, ${now}), updated_at = ${now},
      visibility = CASE WHEN s.visibility = 'in-collection' THEN 'private' ELSE s.visibility END
    FROM orphaned o WHERE s.id = o.id
    RETURNING s.id, o.was_deleted, o.sort_key`.execute(table(db));
  return rows.sort((a, b) => compareKeys(a.sort_key, b.sort_key) || compareKeys(a.id, b.id)).map((row) => ({ id: row.id, wasDeleted: row.was_deleted }));
}

export async function setSpacePosition(db: SqlExecutor, id: string, position: string): Promise<void> {
  await table(db).updateTable('spaces').set({ position }).where('id', '=', id).execute();
}

/** Moves every space of the given collections to another organization (collection transfer). */
export async function setOrganizationOfSpacesIn(db: SqlExecutor, collectionIds: string[], organizationId: string, now: Date): Promise<string[]> {
  if (collectionIds.length === 0) return [];
  const rows = await table(db)
    .updateTable('spaces')
    .set({ organization_id: organizationId, updated_at: now })
    .where('parent_id', 'in', collectionIds)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
