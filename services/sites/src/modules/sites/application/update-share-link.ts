import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { updateShareLinkRow } from '../store/share-links.store';
import type { ShareLink } from '../model/share-link';
import type { SiteWithCounts } from '../model/site';
import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';
import { renewSiteAccess, type SiteChangeDeps } from './renew-site-access';

/** Renames and/or (de)activates a share link; an inactive key no longer opens the site, nor do the API tokens it opened. */
export async function updateShareLink(
  deps: SiteChangeDeps & SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  shareLinkId: string,
  changes: { active?: boolean; name?: string },
  now: Date,
): Promise<{ site: SiteWithCounts; link: ShareLink }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const updated = await deps.db.transaction(async (tx) => {
    const link = await updateShareLinkRow(tx, site.id, shareLinkId, changes);
    if (!link) throw notFound(`Share link ${shareLinkId} not found`);
    await enqueueEvent(
      tx,
      outboxEvent(SITES_TOPIC, site.id, SiteEvent.shareLinkUpdated, {
        organizationId: site.organizationId,
        siteId: site.id,
        shareLinkId,
        active: link.active,
        fields: Object.keys(changes).sort(),
        updatedBy: callerId,
      }),
      now,
    );
    return link;
  });
  if (changes.active !== undefined) await renewSiteAccess(deps, site.id);
  return { site, link: updated };
}
