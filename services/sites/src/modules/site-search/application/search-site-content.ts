import { badRequest } from '@quire/errors';
import type { PageRequest } from '@quire/input';
import type { Principal } from '@quire/access';
import type { content } from '@quire/proto';
import type { SiteSpacePlace } from '../../sites';
import { MAX_SCOPE_SITE_SPACES, resolveSearchScope, type SiteSearchScope } from '../domain/search-scope';
import type { SiteSearchDeps } from './deps';
import { searchableSiteSpaces, type SearchAudience } from './searchable-site-spaces';

/** Past any result (a search ranks at most a few thousand sections): deeper page tokens answer an empty page. */
const MAX_OFFSET = 1_000_000;

export interface SiteSearchOutcome {
  audience: SearchAudience;
  /** Space id → its site space (a space is on a site at most once). */
  placeOfSpace: Map<string, SiteSpacePlace>;
  spaces: content.PublishedSearchSpace[];
  pagesFound: number;
  complete: boolean;
}

/**
 * searchSiteContent: the site spaces the caller may search (the audience hook), narrowed by the
 * scope, searched in one call to content's index (their spaces' current revisions: what the site
 * publishes; change requests and spaces not on the site are never asked for).
 */
export async function searchSiteContent(
  deps: SiteSearchDeps,
  principal: Principal,
  input: { organizationId: string; siteId: string; query: string; scope: SiteSearchScope; page: PageRequest },
): Promise<SiteSearchOutcome> {
  const audience = await searchableSiteSpaces(deps, input.organizationId, input.siteId, principal);
  const scoped = resolveSearchScope(audience.siteSpaces, input.scope);
  if (!scoped.ok) throw badRequest(`Invalid body field "${scoped.field}": ${scoped.message}`);
  const placeOfSpace = new Map(scoped.siteSpaces.map((s) => [s.spaceId, s]));
  if (placeOfSpace.size > MAX_SCOPE_SITE_SPACES) {
    throw badRequest(
      `Invalid body field "scope": it covers ${placeOfSpace.size} site spaces, at most ${MAX_SCOPE_SITE_SPACES} are searched at once (narrow it)`,
    );
  }
  if (placeOfSpace.size === 0) return { audience, placeOfSpace, spaces: [], pagesFound: 0, complete: true };
  const found = await deps.clients.content().searchPublishedContent({
    organizationId: audience.site.organizationId,
    spaceIds: [...placeOfSpace.keys()],
    query: input.query,
    offset: Math.min(input.page.offset, MAX_OFFSET),
    limit: input.page.limit,
  });
  return { audience, placeOfSpace, spaces: found.spaces, pagesFound: found.pagesFound, complete: found.complete };
}
