import { Router } from 'express';
import { route } from '@quire/platform/http';
import { getSiteStructure } from '../../application/get-site-structure';
import { sortSiteStructure } from '../../application/sort-site-structure';
import { findPresentedItem, presentPublishedStructure } from '../../presenters/published-site.presenter';
import type { SitesHttpDeps } from '../deps';
import { siteParams } from '../params.schema';
import { shareKeyQuery } from '../structure.schema';
import { sortSiteStructureBody } from './site-structure.schema';

const SITE = '/v1/orgs/:organizationId/sites/:siteId';

// A site's structure as one tree (reference getSiteStructure) and the one move for any of its items
// (sortSiteStructure). Reading needs `read` on the site, sorting `manage` (site.policy). Both show
// draft external links, which the published profile omits.
export function siteStructureRoutes(deps: SitesHttpDeps): Router {
  const { clock, urls } = deps;
  const router = Router();

  router.get(
    `${SITE}/structure`,
    route({ params: siteParams, query: shareKeyQuery }, async ({ params, query, principal }, res) => {
      const { site, structure, spaces, shareKey } = await getSiteStructure(deps, principal.userId, params, query);
      res.json(presentPublishedStructure(structure, spaces, { site, urls, shareKey }, { drafts: true }));
    }),
  );

  // 200 with the moved item, whatever the caller prefers (reference returnPreference: a server may
  // ignore it); 204 when the item is not shown (a site space whose space went away).
  router.patch(
    `${SITE}/structure/sort`,
    route({ params: siteParams, body: sortSiteStructureBody }, async ({ params, body, principal }, res) => {
      const { moved } = await sortSiteStructure(deps, principal.userId, params, body.item, body.position, clock());
      const { site, structure, spaces } = await getSiteStructure(deps, principal.userId, params, {});
      const item = findPresentedItem(presentPublishedStructure(structure, spaces, { site, urls, shareKey: null }, { drafts: true }), moved);
      if (!item) return void res.status(204).end();
      res.json(item);
    }),
  );

  return router;
}
