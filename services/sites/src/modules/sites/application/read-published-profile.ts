import type { PublishedStructureView } from '../domain/published-profile';
import type { SpaceCatalog } from '../domain/space-embedder';
import type { SiteWithCounts } from '../model/site';
import type { StoredSiteCustomization, StoredSiteSpaceCustomization } from '../model/site-customization';
import { findSiteWithCounts } from '../store/sites.store';
import type { SitesReadDeps } from './deps';
import { loadPublishedSite } from './load-published-site';

/**
 * A published site's profile for the reader (Sites.GetPublishedSite): the site, its structure
 * with its spaces, its customization. No caller: the reader asks only after ResolvePublishedUrl
 * admitted the visitor. Null for an unknown or unpublished site.
 */
export async function readPublishedProfile(
  deps: SitesReadDeps,
  input: { organizationId: string; siteId: string; shareKey?: string },
): Promise<{
  site: SiteWithCounts;
  structure: PublishedStructureView;
  spaces: SpaceCatalog;
  shareKey: string | null;
  customization: StoredSiteCustomization | null;
  siteSpaceCustomizations: StoredSiteSpaceCustomization[];
} | null> {
  const site = input.organizationId && input.siteId ? await findSiteWithCounts(deps.db, input.organizationId, input.siteId) : null;
  if (!site || !site.published) return null;
  return { site, ...(await loadPublishedSite(deps, site, { shareKey: input.shareKey }, '')) };
}
