import { ApiError, conflict } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { markSpaceDeleted, purgeSpacesDeletedBefore, restoreSpaceDeletedAfter } from '../store/space-retention.store';
import type { Space, SpaceWithCounts } from '../model/space';

/** How long a deleted space can be restored before the sweeper removes it (spec §3, §8). */
export const SPACE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

const PURGE_BATCH = 100;

/** The oldest deletion time that can still be restored at `now`. */
const retentionCutoff = (now: Date) => new Date(now.getTime() - SPACE_RETENTION_MS);

/** Deletes a space (restorable for 7 days); false when it was deleted already. */
export async function deleteSpace(db: SqlDatabase, space: Space, now: Date): Promise<boolean> {
  if (space.deletedAt) return false;
  return db.transaction(async (tx) => {
    const row = await markSpaceDeleted(tx, space.id, now);
    if (!row) return false;
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, space.id, ContentEvent.spaceDeleted, { spaceId: space.id, organizationId: space.organizationId }), now);
    return true;
  });
}

/**
 * Restores a space deleted less than 7 days ago. One not deleted is a 409; one deleted longer ago
 * is a 410 until the sweeper removes it (a 404 afterwards, like any unknown space).
 */
export async function restoreSpace(db: SqlDatabase, space: Space, now: Date): Promise<SpaceWithCounts> {
  if (!space.deletedAt) throw conflict(`Space ${space.id} is not deleted`);
  const expired = new ApiError(410, `Space ${space.id} was deleted more than 7 days ago and can no longer be restored`);
  if (space.deletedAt <= retentionCutoff(now)) throw expired;
  return db.transaction(async (tx) => {
    const row = await restoreSpaceDeletedAfter(tx, space.id, retentionCutoff(now), now);
    if (!row) throw expired;
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, space.id, ContentEvent.spaceRestored, { spaceId: space.id, organizationId: space.organizationId }), now);
    return row;
  });
}

/**
 * Permanently removes the spaces deleted 7 days or more before `now`, with their content
 * (revisions, custom-field values), one `space.purged` event each. Returns how many went.
 */
export async function purgeExpiredSpaces(db: SqlDatabase, now: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await purgeSpacesDeletedBefore(tx, retentionCutoff(now), PURGE_BATCH);
      for (const row of rows)
        await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, row.id, ContentEvent.spacePurged, { spaceId: row.id, organizationId: row.organizationId }), now);
      return rows.length;
    });
    purged += batch;
    if (batch < PURGE_BATCH) return purged;
  }
}
