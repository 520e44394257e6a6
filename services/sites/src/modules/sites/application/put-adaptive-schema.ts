import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { validateAdaptiveSchema } from '../domain/adaptive-schema';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { lockSite, updateSiteRow } from '../store/sites.store';
import type { Site } from '../model/site';
import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';

/** Replaces the site's adaptive schema (validated first) and stamps its `updatedAt`. */
export async function putAdaptiveSchema(deps: SiteCallerDeps, callerId: string, ref: SiteRef, jsonSchema: unknown, now: Date): Promise<Site> {
  const { organizationId, siteId } = ref;
  await authorizeSite(deps, organizationId, siteId, callerId, 'manage');
  const schema = validateAdaptiveSchema(jsonSchema);
  return deps.db.transaction(async (tx) => {
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
