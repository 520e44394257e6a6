import type { Role } from '@quire/access';
import type { PublishedStructureView } from '../domain/published-profile';
import type { SpaceCatalog } from '../domain/space-embedder';
import type { SiteWithCounts } from '../model/site';
import type { StoredSiteCustomization, StoredSiteSpaceCustomization } from '../model/site-customization';
import { authorizeSiteAs } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef, SitesReadDeps } from './deps';
import { loadPublishedSite } from './load-published-site';

/**
 * getPublishedSite for a member: the site with its structure, spaces and customization. Members
 * see it before the site is published too, as a preview; non-members get 404 either way.
 */
export async function getPublishedSite(
  deps: SitesReadDeps & SiteCallerDeps,
  userId: string,
  ref: SiteRef,
  input: { shareKey?: string },
): Promise<{
  site: SiteWithCounts;
  role: Role;
  structure: PublishedStructureView;
  spaces: SpaceCatalog;
  shareKey: string | null;
  customization: StoredSiteCustomization | null;
  siteSpaceCustomizations: StoredSiteSpaceCustomization[];
}> {
  const { site, role } = await authorizeSiteAs(deps, ref.organizationId, ref.siteId, userId, 'read');
  return { site, role, ...(await loadPublishedSite(deps, site, input, userId)) };
}
