import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { applyOverridePatch, overriddenSettings } from '../domain/customization-override';
import { validateCustomizationInput } from '../domain/customization-input';
import type { StoredSiteCustomization } from '../model/site-customization';
import type { Site } from '../model/site';
import { authorizeSite } from '../policies/site.policy';
import { findSiteCustomization } from '../store/site-customizations.store';
import { deleteSiteSpaceCustomization, findSiteSpaceCustomization, putSiteSpaceCustomization } from '../store/site-space-customizations.store';
import type { SiteCallerDeps, SiteRef } from './deps';
import { requireSiteSpace } from './require-structure';

type SiteSpaceRef = SiteRef & { siteSpaceId: string };
/** What a site space shows: its site's settings with its overrides, stamped with the later change. */
type EffectiveCustomization = { siteTitle: string; customization: StoredSiteCustomization | null };

/** getSiteSpaceCustomizationById: any member at `read` on the site; the site's settings when the site space overrides nothing. */
export async function readSiteSpaceCustomization(deps: SiteCallerDeps, callerId: string, ref: SiteSpaceRef): Promise<EffectiveCustomization> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'read');
  await requireSiteSpace(deps.db, site.id, ref.siteSpaceId);
  return effectiveOf(deps.db, site, ref.siteSpaceId);
}

/** overrideSiteSpaceCustomizationById: the patch merged into the overrides; the result must be settings the reference allows (400 naming the field). */
export async function overrideSiteSpaceCustomization(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteSpaceRef,
  patch: Record<string, unknown>,
  now: Date,
): Promise<EffectiveCustomization> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  return deps.db.transaction(async (tx) => {
    await requireSiteSpace(tx, site.id, ref.siteSpaceId);
    const [siteSettings, current] = await Promise.all([findSiteCustomization(tx, site.id), findSiteSpaceCustomization(tx, ref.siteSpaceId)]);
    const overrides = applyOverridePatch(current?.settings ?? {}, patch);
    validateCustomizationInput(overriddenSettings(siteSettings?.settings ?? {}, overrides), site.title);
    await putSiteSpaceCustomization(tx, { siteId: site.id, siteSpaceId: ref.siteSpaceId }, overrides, now);
    await announce(tx, site, ref.siteSpaceId, callerId, now);
    return effectiveOf(tx, site, ref.siteSpaceId);
  });
}

/** deleteSiteSpaceCustomizationById: whether there were overrides to remove (205) or not (204). */
export async function removeSiteSpaceCustomization(deps: SiteCallerDeps, callerId: string, ref: SiteSpaceRef, now: Date): Promise<boolean> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  return deps.db.transaction(async (tx) => {
    await requireSiteSpace(tx, site.id, ref.siteSpaceId);
    const removed = await deleteSiteSpaceCustomization(tx, ref.siteSpaceId);
    if (removed) await announce(tx, site, ref.siteSpaceId, callerId, now);
    return removed;
  });
}

async function effectiveOf(db: SqlExecutor, site: Pick<Site, 'id' | 'title'>, siteSpaceId: string): Promise<EffectiveCustomization> {
  const [siteSettings, overrides] = await Promise.all([findSiteCustomization(db, site.id), findSiteSpaceCustomization(db, siteSpaceId)]);
  if (!overrides) return { siteTitle: site.title, customization: siteSettings };
  const updatedAt = siteSettings && siteSettings.updatedAt > overrides.updatedAt ? siteSettings.updatedAt : overrides.updatedAt;
  return {
    siteTitle: site.title,
    customization: { siteId: site.id, settings: overriddenSettings(siteSettings?.settings ?? {}, overrides.settings), updatedAt },
  };
}

async function announce(tx: SqlExecutor, site: Pick<Site, 'id' | 'organizationId'>, siteSpaceId: string, callerId: string, now: Date): Promise<void> {
  const data = { organizationId: site.organizationId, siteId: site.id, updatedBy: callerId, siteSpaceId };
  await enqueueEvent(tx, outboxEvent(SITES_TOPIC, site.id, SiteEvent.siteCustomizationUpdated, data), now);
}
