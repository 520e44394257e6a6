import { authorizeSite } from '../../sites';
import type { PublishingAuthAnswer } from '../model/publishing-auth';
import type { PublishingAuthDeps, SiteRef } from './deps';
import { answerOf, loadOrCreatePublishingAuth } from './load-publishing-auth';

/** getSitePublishingAuthById: admins only (the answer holds the signing key); the key is generated on first read. */
export async function getPublishingAuth(deps: PublishingAuthDeps, callerId: string, ref: SiteRef): Promise<PublishingAuthAnswer> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manageVisitorAuth');
  const now = deps.clock();
  const record = await deps.db.transaction((tx) => loadOrCreatePublishingAuth(tx, deps.serviceSecret, site, callerId, now));
  return answerOf(deps.serviceSecret, record);
}
