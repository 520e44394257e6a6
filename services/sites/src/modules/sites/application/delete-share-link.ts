import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { deleteShareLinkRow } from '../store/share-links.store';
import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';
import { renewSiteAccess, type SiteChangeDeps } from './renew-site-access';

/** Deletes a share link: its key (and the API tokens it opened) stops opening the site at once. 404 when the site has no such link. */
export async function deleteShareLink(deps: SiteChangeDeps & SiteCallerDeps, callerId: string, ref: SiteRef, shareLinkId: string, now: Date): Promise<void> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  await deps.db.transaction(async (tx) => {
    if (!(await deleteShareLinkRow(tx, site.id, shareLinkId))) throw notFound(`Share link ${shareLinkId} not found`);
    await enqueueEvent(
      tx,
      outboxEvent(SITES_TOPIC, site.id, SiteEvent.shareLinkDeleted, { organizationId: site.organizationId, siteId: site.id, shareLinkId, deletedBy: callerId }),
      now,
    );
  });
  await renewSiteAccess(deps, site.id);
}
