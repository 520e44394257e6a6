import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import { authorizeSite, renewSiteAccess } from '../../sites';
import { newSealedSigningKey } from '../domain/signing-key';
import { replaceSigningKey } from '../store/publishing-auth.store';
import type { PublishingAuthAnswer } from '../model/publishing-auth';
import type { PublishingAuthDeps, SiteRef } from './deps';
import { answerOf, loadOrCreatePublishingAuth } from './load-publishing-auth';

/** regenerateSitePublishingAuthById: a new signing key replaces the old one; visitor tokens signed with the old one, and the site API tokens they opened, fail from now on. Admins only. */
export async function regeneratePublishingAuth(deps: PublishingAuthDeps, callerId: string, ref: SiteRef): Promise<PublishingAuthAnswer> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manageVisitorAuth');
  const now = deps.clock();
  const record = await deps.db.transaction(async (tx) => {
    await loadOrCreatePublishingAuth(tx, deps.serviceSecret, site, callerId, now);
    const replaced = await replaceSigningKey(tx, site.id, newSealedSigningKey(deps.serviceSecret), now);
    const data = { organizationId: site.organizationId, siteId: site.id, fields: ['privateKey'], keyRegenerated: true, updatedBy: callerId };
    await enqueueEvent(tx, outboxEvent(SITES_TOPIC, site.id, SiteEvent.sitePublishingAuthUpdated, data), now);
    return replaced;
  });
  await renewSiteAccess(deps, site.id);
  return answerOf(deps.serviceSecret, record);
}
