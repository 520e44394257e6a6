import { enqueueEvent } from '@quire/platform/outbox';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { deleteSiteRow } from '../store/sites.store';
import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';
import { renewSiteAccess, type SiteChangeDeps } from './renew-site-access';

/** Deletes a site with its structure and share links; false when it was already gone. */
export async function deleteSite(deps: SiteChangeDeps & SiteCallerDeps, callerId: string, ref: SiteRef, now: Date): Promise<boolean> {
  const { organizationId, siteId } = ref;
  await authorizeSite(deps, organizationId, siteId, callerId, 'manage');
  const deleted = await deps.db.transaction(async (tx) => {
    if (!(await deleteSiteRow(tx, organizationId, siteId))) return false;
    await enqueueEvent(tx, outboxEvent(SITES_TOPIC, siteId, SiteEvent.siteDeleted, { organizationId, siteId, deletedBy: callerId }), now);
    return true;
  });
  if (deleted) await renewSiteAccess(deps, siteId);
  return deleted;
}
