import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { insertShareLink } from '../store/share-links.store';
import type { ShareLink } from '../model/share-link';
import type { Site } from '../model/site';

// A share key is a bearer secret in published URLs: 32 base62 characters (about 190 bits).
const SHARE_KEY_LENGTH = 32;

export async function createShareLink(
  db: SqlDatabase,
  site: Pick<Site, 'id' | 'organizationId'>,
  name: string,
  callerId: string,
  now: Date,
): Promise<ShareLink> {
  return db.transaction(async (tx) => {
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
}
