import { normalizeSiteCustomization } from '@quire/publishing';
import type { StoredSiteCustomization } from '../model/site-customization';

/** Reference SiteCustomizationSettings: the stored settings over @quire/publishing's defaults, with `updatedAt` once set. */
export function presentSiteCustomization(stored: StoredSiteCustomization | null, siteTitle: string) {
  return {
    ...normalizeSiteCustomization(stored?.settings ?? {}, siteTitle),
    ...(stored ? { updatedAt: stored.updatedAt.toISOString() } : {}),
  };
}
