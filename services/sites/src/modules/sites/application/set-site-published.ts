import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { reloadSite } from './require-structure';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { lockSite, updateSiteRow } from '../store/sites.store';
import type { SiteWithCounts } from '../model/site';
import type { Role } from '@quire/access';
import { authorizeSiteAs } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';
import { renewSiteAccess, type SiteChangeDeps } from './renew-site-access';

/** Publishes or unpublishes a site; the event is written only when the state changes, and a change ends the site's old API tokens. */
export async function setSitePublished(
  deps: SiteChangeDeps & SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  published: boolean,
  now: Date,
): Promise<{ site: SiteWithCounts; role: Role; changed: boolean }> {
  const { organizationId, siteId } = ref;
  const { role } = await authorizeSiteAs(deps, organizationId, siteId, callerId, 'manage');
  const result = await deps.db.transaction(async (tx) => {
    const site = await lockSite(tx, organizationId, siteId);
    if (!site) throw notFound(`Site ${siteId} not found`);
    const changed = site.published !== published;
    if (changed) {
      await updateSiteRow(tx, organizationId, siteId, { published }, now);
      await enqueueEvent(
        tx,
        outboxEvent(SITES_TOPIC, siteId, published ? SiteEvent.sitePublished : SiteEvent.siteUnpublished, { organizationId, siteId, by: callerId }),
        now,
      );
    }
    return { site: await reloadSite(tx, organizationId, siteId), changed };
  });
  if (result.changed) await renewSiteAccess(deps, siteId);
  return { ...result, role };
}
