import type { StoredSiteCustomization } from '../model/site-customization';
import { authorizeSite } from '../policies/site.policy';
import { findSiteCustomization } from '../store/site-customizations.store';
import type { SiteCallerDeps, SiteRef } from './deps';

/** getSiteCustomizationById: any member reads it; null while the site never set one (the defaults apply). */
export async function readSiteCustomization(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
): Promise<{ siteTitle: string; customization: StoredSiteCustomization | null }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'read');
  return { siteTitle: site.title, customization: await findSiteCustomization(deps.db, site.id) };
}
