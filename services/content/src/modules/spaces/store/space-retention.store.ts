import { queryRows, type SqlExecutor } from '@quire/platform/sql';
import { oneSpaceWithCounts, SPACE_WITH_COUNTS } from './spaces.store';
import type { SpaceWithCounts } from '../model/space';

/** Marks a live space deleted; null when it was deleted already. */
export async function markSpaceDeleted(tx: SqlExecutor, id: string, now: Date): Promise<SpaceWithCounts | null> {
  return oneSpaceWithCounts(
    tx,
    `UPDATE spaces s SET deleted_at = $2, updated_at = $2 WHERE s.id = $1 AND s.deleted_at IS NULL RETURNING ${SPACE_WITH_COUNTS}`,
    [id, now],
  );
}

/** Clears `deleted_at` of a space deleted after `cutoff`; null when it is not such a space. */
export async function restoreSpaceDeletedAfter(tx: SqlExecutor, id: string, cutoff: Date, now: Date): Promise<SpaceWithCounts | null> {
  return oneSpaceWithCounts(tx, `UPDATE spaces s SET deleted_at = NULL, updated_at = $3 WHERE s.id = $1 AND s.deleted_at > $2 RETURNING ${SPACE_WITH_COUNTS}`, [
    id,
    cutoff,
    now,
  ]);
}

/**
 * Permanently removes spaces deleted at or before `cutoff` (at most `limit`), their revisions and
 * custom-field values going with them (FK cascade). SKIP LOCKED lets replicas sweep side by side.
 */
export async function purgeSpacesDeletedBefore(tx: SqlExecutor, cutoff: Date, limit: number): Promise<{ id: string; organizationId: string }[]> {
  const rows = await queryRows<{ id: string; organization_id: string }>(
    tx,
    `DELETE FROM spaces WHERE id IN (
       SELECT id FROM spaces WHERE deleted_at <= $1 ORDER BY deleted_at LIMIT $2 FOR UPDATE SKIP LOCKED
     ) RETURNING id, organization_id`,
    [cutoff, limit],
  );
  return rows.map((row) => ({ id: row.id, organizationId: row.organization_id }));
}
