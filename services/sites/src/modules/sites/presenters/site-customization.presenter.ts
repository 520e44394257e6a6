import { normalizeSiteCustomization } from '@quire/publishing';
import { overriddenSettings } from '../domain/customization-override';
import type { StoredSiteCustomization, StoredSiteSpaceCustomization } from '../model/site-customization';

/** Reference SiteCustomizationSettings: the stored settings over @quire/publishing's defaults, with `updatedAt` once set. */
export function presentSiteCustomization(stored: StoredSiteCustomization | null, siteTitle: string) {
  return {
    ...normalizeSiteCustomization(stored?.settings ?? {}, siteTitle),
    ...(stored ? { updatedAt: stored.updatedAt.toISOString() } : {}),
  };
}

/** Reference PublishedContentSite.customizations.siteSpaces: each overriding site space's settings, its overrides over the site's. */
export function presentSiteSpaceCustomizations(site: StoredSiteCustomization | null, overrides: StoredSiteSpaceCustomization[], siteTitle: string) {
  return Object.fromEntries(
    overrides.map((o) => [
      o.siteSpaceId,
      presentSiteCustomization(
        { siteId: site?.siteId ?? '', settings: overriddenSettings(site?.settings ?? {}, o.settings), updatedAt: o.updatedAt },
        siteTitle,
      ),
    ]),
  );
}
