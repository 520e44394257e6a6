import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { deleteSite as deleteSiteRow } from '../store/sites.store';

/** Deletes a site with its structure and share links; false when it was already gone. */
export async function deleteSite(db: SqlDatabase, organizationId: string, siteId: string, callerId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await deleteSiteRow(tx, organizationId, siteId))) return false;
    await enqueueEvent(tx, outboxEvent(SITES_TOPIC, siteId, SiteEvent.siteDeleted, { organizationId, siteId, deletedBy: callerId }), now);
    return true;
  });
}
