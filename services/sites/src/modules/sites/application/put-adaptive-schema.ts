import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { validateAdaptiveSchema } from '../domain/adaptive-schema';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { lockSite, updateSiteRow } from '../store/sites.store';
import type { Site } from '../model/site';

/** Replaces the site's adaptive schema (validated first) and stamps its `updatedAt`. */
export async function putAdaptiveSchema(
  db: SqlDatabase,
  organizationId: string,
  siteId: string,
  jsonSchema: unknown,
  callerId: string,
  now: Date,
): Promise<Site> {
  const schema = validateAdaptiveSchema(jsonSchema);
  return db.transaction(async (tx) => {
    if (!(await lockSite(tx, organizationId, siteId))) throw notFound(`Site ${siteId} not found`);
    const site = await updateSiteRow(tx, organizationId, siteId, { adaptiveSchema: schema, adaptiveSchemaUpdatedAt: now }, now);
    if (!site) throw notFound(`Site ${siteId} not found`);
    await enqueueEvent(
      tx,
      outboxEvent(SITES_TOPIC, siteId, SiteEvent.siteUpdated, { organizationId, siteId, fields: ['adaptiveSchema'], updatedBy: callerId }),
      now,
    );
    return site;
  });
}
