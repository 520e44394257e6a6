import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { deleteShareLink as deleteShareLinkRow } from '../store/share-links.store';
import type { Site } from '../model/site';

/** Deletes a share link: its key stops opening the site at once. 404 when the site has no such link. */
export async function deleteShareLink(
  db: SqlDatabase,
  site: Pick<Site, 'id' | 'organizationId'>,
  shareLinkId: string,
  callerId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteShareLinkRow(tx, site.id, shareLinkId))) throw notFound(`Share link ${shareLinkId} not found`);
    await enqueueEvent(
      tx,
      outboxEvent(SITES_TOPIC, site.id, SiteEvent.shareLinkDeleted, { organizationId: site.organizationId, siteId: site.id, shareLinkId, deletedBy: callerId }),
      now,
    );
  });
}
