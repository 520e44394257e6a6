import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import { validateCustomizationInput } from '../domain/customization-input';
import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';
import type { StoredSiteCustomization } from '../model/site-customization';
import { putSiteCustomization } from '../store/site-customizations.store';

/** Replaces the site's customization (validated first; fields left out revert to the defaults). */
export async function updateSiteCustomization(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  body: Record<string, unknown>,
  now: Date,
): Promise<{ siteTitle: string; customization: StoredSiteCustomization }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const settings = validateCustomizationInput(body, site.title);
  const customization = await deps.db.transaction(async (tx) => {
    const stored = await putSiteCustomization(tx, site.id, settings, now);
    await enqueueEvent(
      tx,
      outboxEvent(SITES_TOPIC, site.id, SiteEvent.siteCustomizationUpdated, { organizationId: site.organizationId, siteId: site.id, updatedBy: callerId }),
      now,
    );
    return stored;
  });
  return { siteTitle: site.title, customization };
}
