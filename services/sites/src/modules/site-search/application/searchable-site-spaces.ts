import type { Principal } from '@quire/access';
import { authorizeSite, loadSiteSpacePlaces, type SiteSpacePlace } from '../../sites';
import type { SiteSearchDeps } from './deps';

/** The site a search runs on, the site spaces its caller may search, and the share key its published URLs carry. */
export interface SearchAudience {
  site: Awaited<ReturnType<typeof authorizeSite>>;
  siteSpaces: SiteSpacePlace[];
  shareKey: string | null;
}

/**
 * THE audience hook of site search: who may search this site, and which of its site spaces.
 * Today a member of the site's organization (any role, as reading the site; a non-member gets
 * 404) searches every site space whose space is live (hidden ones' spaces are deleted). Other
 * audiences plug in here and nowhere else: a site-scoped `apiToken` principal (its `siteSpace`/
 * `spaces` claims narrowing the list), a share key of a `share-link` site (resolveShareKey, then
 * carried in every `urls.published`), a visitor token of a `visitor-auth` site (its claims
 * deciding adaptive `condition`s). The use case searches only what this returns.
 */
export async function searchableSiteSpaces(deps: SiteSearchDeps, organizationId: string, siteId: string, principal: Principal): Promise<SearchAudience> {
  const site = await authorizeSite(deps, organizationId, siteId, principal.userId, 'read');
  const places = await loadSiteSpacePlaces(deps, site.id);
  return { site, siteSpaces: places.filter((p) => !p.hidden), shareKey: null };
}
