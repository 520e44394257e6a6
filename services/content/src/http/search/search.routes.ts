import { Router } from 'express';
import { listEnvelope, openListEnvelope, pageRequest, type PageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { authorizeInOrganization } from '../../policies/content.policy';
import { authorizeSpace } from '../../policies/space.policy';
import { presentSearchPages, presentSearchSpaces } from '../../presenters/search.presenter';
import { searchOrganization, searchSpace, type SearchOutcome } from '../../domain/search/search-content';
import type { ContentHttpDeps } from '../deps';
import { organizationSearchParams, SEARCH_PAGE_SIZE, searchQuery, spaceSearchParams } from './search.schema';

/** How many pages a space result shows, and sections a page result shows. */
const PAGES_PER_SPACE = 5;
const SECTIONS_PER_PAGE = 3;

/** `count` only when every match was ranked; a broad query's sample pages on with `next`. */
function searchEnvelope<T>(items: T[], outcome: SearchOutcome, page: PageRequest) {
  return outcome.complete ? listEnvelope(items, outcome.groups, page) : openListEnvelope(items, outcome.groups, page);
}

/** Search over the current revision of one space, or of every live space of an organization. */
export function searchRoutes(deps: ContentHttpDeps): Router {
  const { db, membership, urls } = deps;
  const router = Router();

  router.get(
    '/v1/spaces/:spaceId/search',
    route({ params: spaceSearchParams, query: searchQuery }, async ({ params, query, principal }, res) => {
      const { space } = await authorizeSpace(db, membership, params.spaceId, principal.userId, 'read', 'live');
      const page = pageRequest(query, SEARCH_PAGE_SIZE);
      const outcome = await searchSpace(db, space.id, query.query, { ...page, sectionsPerPage: SECTIONS_PER_PAGE });
      res.json(searchEnvelope(presentSearchPages(outcome.hits, urls), outcome, page));
    }),
  );

  // Every member reads every live space of the organization (a level never goes below `read`),
  // so membership is the whole check; a non-member gets 404.
  router.get(
    '/v1/orgs/:organizationId/search',
    route({ params: organizationSearchParams, query: searchQuery }, async ({ params, query, principal }, res) => {
      await authorizeInOrganization(membership, params.organizationId, principal.userId, 'read');
      const page = pageRequest(query, SEARCH_PAGE_SIZE);
      const outcome = await searchOrganization(db, params.organizationId, query.query, {
        ...page,
        pagesPerGroup: PAGES_PER_SPACE,
        sectionsPerPage: SECTIONS_PER_PAGE,
      });
      res.json(searchEnvelope(presentSearchSpaces(outcome.hits, urls), outcome, page));
    }),
  );

  return router;
}
