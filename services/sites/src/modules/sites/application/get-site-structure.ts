import type { PublishedStructureView } from '../domain/published-profile';
import type { SpaceCatalog } from '../domain/space-embedder';
import type { SiteWithCounts } from '../model/site';
import { authorizeSiteAs } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef, SitesReadDeps } from './deps';
import { loadPublishedSite } from './load-published-site';

/**
 * getSiteStructure: the site's sections and groups, or its site spaces, each with its space, for
 * anyone at `read` on the site (the structure its published profile shows; the same 404 for the rest).
 */
export async function getSiteStructure(
  deps: SitesReadDeps & SiteCallerDeps,
  userId: string,
  ref: SiteRef,
  input: { shareKey?: string },
): Promise<{ site: SiteWithCounts; structure: PublishedStructureView; spaces: SpaceCatalog; shareKey: string | null }> {
  const { site } = await authorizeSiteAs(deps, ref.organizationId, ref.siteId, userId, 'read');
  const { structure, spaces, shareKey } = await loadPublishedSite(deps, site, input, userId);
  return { site, structure, spaces, shareKey };
}
