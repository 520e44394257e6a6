import { siteReaderId } from '@quire/access';
import { badRequest, unauthorized } from '@quire/errors';
import { siteSearchQueryText } from '@quire/input';
import type { AsyncService } from '@quire/platform/grpc';
import { deriveSecret } from '@quire/platform/secrets';
import type { sites } from '@quire/proto';
import { SITE_API_TOKEN_SECRET_PURPOSE, verifySiteApiToken } from '@quire/publishing';
import type { SiteSearchDeps } from '../application/deps';
import { searchSiteContent } from '../application/search-site-content';
import { presentSiteSearchSpaces, siteSearchEnvelope } from '../presenters/site-search.presenter';

/** The reader's search page shows a short list per page; REST's default. */
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 50;
const MAX_SNIPPET = 400;

/**
 * Sites.SearchPublishedSite (for the reader's search page and its MCP server): the
 * same use case and audience hook as REST searchSiteContent, run as the site reader of the
 * `apiToken` sites issued for the visitor's resolved URL — so a visitor searches only the spaces
 * that URL lets them read, on that site alone (the token names its site), never a change request
 * (never indexed). The token is verified here, as content verifies it for the reader's page reads.
 * The answer is REST's envelope (the search page) and the same pages as a flat list (MCP).
 */
export function siteSearchGrpc(deps: SiteSearchDeps & { serviceSecret: string }): Pick<AsyncService<sites.SitesServer>, 'searchPublishedSite'> {
  const secret = deriveSecret(deps.serviceSecret, SITE_API_TOKEN_SECRET_PURPOSE);
  return {
    searchPublishedSite: async ({ apiToken, query, siteSpaceId, offset, limit, allSiteSpaces }) => {
      const parsed = siteSearchQueryText.safeParse(query);
      if (!parsed.success) throw badRequest(`Invalid field "query": ${parsed.error.issues[0]?.message ?? 'is invalid'}`, 'search-query-refused');
      const check = await verifySiteApiToken(apiToken, secret);
      if (!check.ok) throw unauthorized(`Invalid site API token (${check.reason})`);
      const { organization, site: siteId, spaces } = check.claims;
      const reader = { organizationId: organization, siteId, spaceIds: spaces };
      const principal = { userId: siteReaderId(reader), tokenId: 'site-reader', site: reader };
      const page = { offset, limit: Math.min(Math.max(limit || DEFAULT_LIMIT, 1), MAX_LIMIT) };
      const scope = allSiteSpaces
        ? { mode: 'all' as const }
        : siteSpaceId
          ? { mode: 'default' as const, currentSiteSpace: siteSpaceId }
          : { mode: 'default' as const };
      const outcome = await searchSiteContent(deps, principal, { organizationId: organization, siteId, query: parsed.data, scope, page });
      const { site, shareKey } = outcome.audience;
      const items = presentSiteSearchSpaces(outcome.spaces, outcome.placeOfSpace, { site, urls: deps.urls, shareKey });
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
      const { next, count } = siteSearchEnvelope(items, outcome, page);
      return { spaces: items.map(siteSearchSpaceMessage), nextPage: next?.page ?? '', count, hits };
    },
  };
}

type PresentedSpace = ReturnType<typeof presentSiteSearchSpaces>[number];

/** A SearchSpaceResult as REST presents it → its message (urls as fields, '' for an unpublished site). */
function siteSearchSpaceMessage(space: PresentedSpace): sites.SiteSearchSpace {
  return {
    id: space.id,
    title: space.title,
    score: space.score,
    pages: space.pages.map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      path: p.path,
      score: p.score,
      rank: p.rank,
      resultType: p.resultType,
      sections: p.sections.map((s) => ({
        id: s.id,
        title: s.title,
        path: s.path,
        score: s.score,
        resultType: s.resultType,
        body: s.body,
        appUrl: s.urls.app,
        publishedUrl: s.urls.published ?? '',
      })),
      ancestorTitles: p.ancestors.map((a) => a.title),
      appUrl: p.urls.app,
      publishedUrl: p.urls.published ?? '',
    })),
  };
}
