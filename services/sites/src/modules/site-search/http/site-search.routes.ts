import { Router } from 'express';
import { pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { siteParams } from '../../sites';
import type { SiteSearchDeps } from '../application/deps';
import { searchSiteContent } from '../application/search-site-content';
import { presentSiteSearchSpaces, siteSearchEnvelope } from '../presenters/site-search.presenter';
import { siteSearchBody, siteSearchQuery } from './site-search.schema';

/** Pages per answer when `limit` is absent: each carries snippets made per request. */
export const SITE_SEARCH_PAGE_SIZE = 20;

/** searchSiteContent (reference 0.202.0, tag sites): full-text search over what a site publishes. */
export function siteSearchRoutes(deps: SiteSearchDeps): Router {
  const router = Router();

  router.post(
    '/v1/orgs/:organizationId/sites/:siteId/search',
    route({ params: siteParams, query: siteSearchQuery, body: siteSearchBody }, async ({ params, query, body, principal }, res) => {
      const page = pageRequest(query, SITE_SEARCH_PAGE_SIZE);
      const outcome = await searchSiteContent(deps, principal, { ...params, ...body, page });
      const { site, shareKey } = outcome.audience;
      const items = presentSiteSearchSpaces(outcome.spaces, outcome.placeOfSpace, { site, urls: deps.urls, shareKey });
      res.json(siteSearchEnvelope(items, outcome, page));
    }),
  );

  return router;
}
