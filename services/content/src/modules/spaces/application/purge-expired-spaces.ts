import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { dropGrantsOn } from '../../content-tree';
import { retentionCutoff } from '../domain/space-retention';
import { purgeSpacesDeletedBefore } from '../store/space-retention.store';

const PURGE_BATCH = 100;

/**
 * Permanently removes the spaces deleted 7 days or more before `now`, with their content
 * (revisions, custom-field values) and the grants on them, one `space.purged` event each. Returns how many went.
 */
export async function purgeExpiredSpaces(db: SqlDatabase, now: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await purgeSpacesDeletedBefore(tx, retentionCutoff(now), PURGE_BATCH);
      for (const row of rows) {
        await dropGrantsOn(tx, row.organizationId, [row.id], now);
        await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, row.id, ContentEvent.spacePurged, { spaceId: row.id, organizationId: row.organizationId }), now);
      }
      return rows.length;
    });
    purged += batch;
    if (batch < PURGE_BATCH) return purged;
  }
}
