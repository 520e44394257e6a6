import { Router } from 'express';
import { listEnvelope, openListEnvelope, pageRequest, type PageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import type { ContentHttpDeps } from '../../shared';
import { searchInOrganization } from '../application/search-in-organization';
import { searchInSpace } from '../application/search-in-space';
import type { SearchOutcome } from '../domain/search-content';
import { presentSearchPages, presentSearchSpaces } from '../presenters/search.presenter';
import { organizationSearchParams, SEARCH_PAGE_SIZE, searchQuery, spaceSearchParams } from './search.schema';

/** `count` only when every match was ranked; a broad query's sample pages on with `next`. */
function searchEnvelope<T>(items: T[], outcome: SearchOutcome, page: PageRequest) {
  return outcome.complete ? listEnvelope(items, outcome.groups, page) : openListEnvelope(items, outcome.groups, page);
}

/** Search over the current revision of one space, or of every live space of an organization. */
export function searchRoutes(deps: ContentHttpDeps): Router {
  const { urls } = deps;
  const router = Router();

  router.get(
    '/v1/spaces/:spaceId/search',
    route({ params: spaceSearchParams, query: searchQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query, SEARCH_PAGE_SIZE);
      const outcome = await searchInSpace(deps, principal, { spaceId: params.spaceId, query: query.query, page });
      res.json(searchEnvelope(presentSearchPages(outcome.hits, urls), outcome, page));
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/search',
    route({ params: organizationSearchParams, query: searchQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query, SEARCH_PAGE_SIZE);
      const outcome = await searchInOrganization(deps, principal, { organizationId: params.organizationId, query: query.query, page });
      res.json(searchEnvelope(presentSearchSpaces(outcome.hits, urls), outcome, page));
    }),
  );

  return router;
}
