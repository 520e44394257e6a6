import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { insertShareLink } from '../store/share-links.store';
import type { ShareLink } from '../model/share-link';
import type { SiteWithCounts } from '../model/site';
import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';

// A share key is a bearer secret in published URLs: 32 base62 characters (about 190 bits).
const SHARE_KEY_LENGTH = 32;

export async function createShareLink(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  name: string,
  now: Date,
): Promise<{ site: SiteWithCounts; link: ShareLink }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const link = await deps.db.transaction(async (tx) => {
    const link = await insertShareLink(tx, { id: newId(), siteId: site.id, name, shareKey: newId(SHARE_KEY_LENGTH) }, now);
    await enqueueEvent(
      tx,
      outboxEvent(SITES_TOPIC, site.id, SiteEvent.shareLinkCreated, {
        organizationId: site.organizationId,
        siteId: site.id,
        shareLinkId: link.id,
        createdBy: callerId,
      }),
      now,
    );
    return link;
  });
  return { site, link };
}
