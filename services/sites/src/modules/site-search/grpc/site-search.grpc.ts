import { badRequest, unauthorized } from '@quire/errors';
import { siteReaderId, type Principal } from '@quire/access';
import type { AsyncService } from '@quire/platform/grpc';
import { deriveSecret } from '@quire/platform/secrets';
import type { sites } from '@quire/proto';
import { SITE_API_TOKEN_SECRET_PURPOSE, verifySiteApiToken } from '@quire/publishing';
import type { SiteSearchDeps } from '../application/deps';
import { searchSiteContent } from '../application/search-site-content';
import { presentSiteSearchSpaces } from '../presenters/site-search.presenter';

/** The most pages one reader search answers, and the longest query it takes. */
export const MAX_READER_SEARCH_RESULTS = 50;
export const MAX_READER_SEARCH_QUERY = 512;
const MAX_SNIPPET = 400;

/**
 * Sites.SearchPublishedSite, for the reader's MCP server: the same use case as REST
 * searchSiteContent (scope `all`), run as the site reader of the apiToken sites issued when the
 * visitor's URL resolved, so the audience hook narrows it to what that visitor may read.
 */
export function siteSearchGrpc(deps: SiteSearchDeps & { serviceSecret: string }): Pick<AsyncService<sites.SitesServer>, 'searchPublishedSite'> {
  const secret = deriveSecret(deps.serviceSecret, SITE_API_TOKEN_SECRET_PURPOSE);
  return {
    searchPublishedSite: async ({ apiToken, query, limit }) => {
      const check = await verifySiteApiToken(apiToken, secret);
      if (!check.ok) throw unauthorized(`Invalid site API token (${check.reason})`);
      const text = query.trim();
      if (!text || text.length > MAX_READER_SEARCH_QUERY) throw badRequest(`Invalid field "query": 1 to ${MAX_READER_SEARCH_QUERY} characters`);
      const { organization, site, spaces } = check.claims;
      const scope = { organizationId: organization, siteId: site, spaceIds: spaces };
      const principal: Principal = { userId: siteReaderId(scope), tokenId: 'site-api-token', site: scope };
      const page = { offset: 0, limit: Math.min(Math.max(limit || 10, 1), MAX_READER_SEARCH_RESULTS) };
      const outcome = await searchSiteContent(deps, principal, { organizationId: organization, siteId: site, query: text, scope: { mode: 'all' }, page });
      const items = presentSiteSearchSpaces(outcome.spaces, outcome.placeOfSpace, { site: outcome.audience.site, urls: deps.urls, shareKey: null });
      const hits = items
        .flatMap((space) => space.pages.map((p) => ({ ...p, spaceId: space.id })))
        .sort((a, b) => a.rank - b.rank)
        .filter((p) => p.urls.published)
        .map((p) => ({
          title: p.title,
          url: p.urls.published as string,
          snippet: (p.sections.find((s) => s.body)?.body || p.description).slice(0, MAX_SNIPPET),
          pageId: p.id,
          spaceId: p.spaceId,
        }));
      return { hits };
    },
  };
}
