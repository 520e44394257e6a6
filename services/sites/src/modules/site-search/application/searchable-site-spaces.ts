import { siteReaderScope, type Principal } from '@quire/access';
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
 * A member of the site's organization (any role, as reading the site; a non-member gets 404)
 * searches every site space whose space is live (hidden ones' spaces are deleted). A site reader
 * (the `apiToken` of a resolved published URL, which the gateway admits here: its audience was
 * checked when the URL resolved) searches its own site, narrowed to the spaces its token lists.
 * Not yet here: a share key carried in `urls.published` (the reference gives the operation no
 * share_key) and visitor claims deciding adaptive conditions. The use case searches only what this returns.
 */
export async function searchableSiteSpaces(deps: SiteSearchDeps, organizationId: string, siteId: string, principal: Principal): Promise<SearchAudience> {
  const site = await authorizeSite(deps, organizationId, siteId, principal.userId, 'read');
  const places = await loadSiteSpacePlaces(deps, site.id);
  const reader = siteReaderScope(principal.userId);
  const readable = (place: SiteSpacePlace) => !place.hidden && (!reader || reader.spaceIds.includes(place.spaceId));
  return { site, siteSpaces: places.filter(readable), shareKey: null };
}
