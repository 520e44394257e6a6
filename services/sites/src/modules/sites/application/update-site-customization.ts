import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { validateCustomizationInput } from '../domain/customization-input';
import type { Site } from '../model/site';
import type { StoredSiteCustomization } from '../model/site-customization';
import { putSiteCustomization } from '../store/site-customizations.store';

/** Replaces the site's customization (validated first; fields left out revert to the defaults). */
export async function updateSiteCustomization(
  db: SqlDatabase,
  site: Pick<Site, 'id' | 'organizationId' | 'title'>,
  body: Record<string, unknown>,
  callerId: string,
  now: Date,
): Promise<StoredSiteCustomization> {
  const settings = validateCustomizationInput(body, site.title);
  return db.transaction(async (tx) => {
    const stored = await putSiteCustomization(tx, site.id, settings, now);
    await enqueueEvent(
      tx,
      outboxEvent(SITES_TOPIC, site.id, SiteEvent.siteCustomizationUpdated, { organizationId: site.organizationId, siteId: site.id, updatedBy: callerId }),
      now,
    );
    return stored;
  });
}
