import { enqueueEvent } from '@quire/platform/outbox';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { deleteSiteRow } from '../store/sites.store';
import { listAllSiteGrants } from '../store/site-permissions.store';
import { writeSiteGrant } from './write-site-grant';
import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';
import { renewSiteAccess, type SiteChangeDeps } from './renew-site-access';

/** Deletes a site with its structure, share links and grants; false when it was already gone. */
export async function deleteSite(deps: SiteChangeDeps & SiteCallerDeps, callerId: string, ref: SiteRef, now: Date): Promise<boolean> {
  const { organizationId, siteId } = ref;
  await authorizeSite(deps, organizationId, siteId, callerId, 'manage');
  const deleted = await deps.db.transaction(async (tx) => {
    // Its grants go with it: each announced as removed, so identity stops counting a guest whose last grant it was.
    const site = { id: siteId, organizationId };
    for (const grant of await listAllSiteGrants(tx, siteId)) await writeSiteGrant(tx, site, grant.principal, null, now);
    if (!(await deleteSiteRow(tx, organizationId, siteId))) return false;
    await enqueueEvent(tx, outboxEvent(SITES_TOPIC, siteId, SiteEvent.siteDeleted, { organizationId, siteId, deletedBy: callerId }), now);
    return true;
  });
  if (deleted) await renewSiteAccess(deps, siteId);
  return deleted;
}
