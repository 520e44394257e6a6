import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import { authorizeSite } from '../../sites';
import type { PublishingAuthChanges } from '../model/publishing-auth';
import { updatePublishingAuthRow } from '../store/publishing-auth.store';
import type { PublishingAuthAnswer } from '../model/publishing-auth';
import type { PublishingAuthDeps, SiteRef } from './deps';
import { answerOf, loadOrCreatePublishingAuth } from './load-publishing-auth';

/** updateSitePublishingAuthById: sets the backend; a URL left out stays, a null one is unset. Admins only. */
export async function updatePublishingAuth(
  deps: PublishingAuthDeps,
  callerId: string,
  ref: SiteRef,
  changes: PublishingAuthChanges,
): Promise<PublishingAuthAnswer> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manageVisitorAuth');
  const now = deps.clock();
  const record = await deps.db.transaction(async (tx) => {
    await loadOrCreatePublishingAuth(tx, deps.serviceSecret, site, callerId, now);
    const updated = await updatePublishingAuthRow(tx, site.id, changes, now);
    const fields = ['backend', ...(changes.fallbackUrl !== undefined ? ['fallbackURL'] : []), ...(changes.logoutUrl !== undefined ? ['logoutURL'] : [])];
    const data = { organizationId: site.organizationId, siteId: site.id, fields, keyRegenerated: false, updatedBy: callerId };
    await enqueueEvent(tx, outboxEvent(SITES_TOPIC, site.id, SiteEvent.sitePublishingAuthUpdated, data), now);
    return updated;
  });
  return answerOf(deps.serviceSecret, record);
}
