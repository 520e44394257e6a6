import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { reloadSite } from '../domain/sites';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { lockSite, updateSite as updateSiteRow } from '../store/sites.store';
import type { SiteWithCounts } from '../model/site';

/** Publishes or unpublishes a site; the event is written only when the state changes. */
export async function setSitePublished(
  db: SqlDatabase,
  organizationId: string,
  siteId: string,
  published: boolean,
  callerId: string,
  now: Date,
): Promise<{ site: SiteWithCounts; changed: boolean }> {
  return db.transaction(async (tx) => {
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
}
