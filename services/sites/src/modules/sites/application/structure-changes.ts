import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { outboxEvent, type SiteEventData, type SiteEventType, SITES_TOPIC } from '@quire/contracts';
import { lockSite } from '../store/sites.store';
import type { Site } from '../model/site';

// What every structure change of a site does in its transaction: take the site's lock, announce its event.

/**
 * Takes the site's lock for the rest of the transaction (structure changes of one site apply one
 * after the other, so keys, paths and defaults are computed from settled rows); 404 when the site
 * was deleted meanwhile.
 */
export async function lockStructure(tx: SqlExecutor, site: Pick<Site, 'id' | 'organizationId'>): Promise<void> {
  if (!(await lockSite(tx, site.organizationId, site.id))) throw notFound(`Site ${site.id} not found`);
}

/** Writes a structure event of the site to the outbox, in the caller's transaction. */
export async function announceStructure<K extends SiteEventType>(
  tx: SqlExecutor,
  site: Pick<Site, 'id' | 'organizationId'>,
  type: K,
  data: Omit<SiteEventData<K>, 'organizationId' | 'siteId'>,
  now: Date,
): Promise<void> {
  // TypeScript cannot see that adding the site completes the type's data; enqueueEvent checks it at run time.
  const full = { organizationId: site.organizationId, siteId: site.id, ...data } as SiteEventData<K> & { organizationId: string; siteId: string };
  await enqueueEvent(tx, outboxEvent(SITES_TOPIC, site.id, type, full), now);
}
