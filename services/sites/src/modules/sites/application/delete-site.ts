import { enqueueEvent } from '@quire/platform/outbox';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { deleteSiteRow } from '../store/sites.store';
import { renewSiteAccess, type SiteChangeDeps } from './renew-site-access';

/** Deletes a site with its structure and share links; false when it was already gone. */
export async function deleteSite(deps: SiteChangeDeps, organizationId: string, siteId: string, callerId: string, now: Date): Promise<boolean> {
  const deleted = await deps.db.transaction(async (tx) => {
    if (!(await deleteSiteRow(tx, organizationId, siteId))) return false;
    await enqueueEvent(tx, outboxEvent(SITES_TOPIC, siteId, SiteEvent.siteDeleted, { organizationId, siteId, deletedBy: callerId }), now);
    return true;
  });
  if (deleted) await renewSiteAccess(deps, siteId);
  return deleted;
}
