import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { createSite } from '../../application/create-site';
import { deleteSite } from '../../application/delete-site';
import { listSites } from '../../application/list-sites';
import { readSite } from '../../application/read-site';
import { setSitePublished } from '../../application/set-site-published';
import { updateSite } from '../../application/update-site';
import { DEFAULT_SITE_TITLE } from '../../domain/sites';
import { presentSite } from '../../presenters/site.presenter';
import type { SitesHttpDeps } from '../deps';
import { orgParams, siteParams } from '../params.schema';
import { siteCustomizationRoutes } from './site-customization.routes';
import { siteSettingsRoutes } from './site-settings.routes';
import { createSiteBody, listSitesQuery, updateSiteBody } from './sites.schema';

// Members list and read the sites they have a level on; guests the sites granted to them. The
// `create` level on a site changes, publishes and deletes it; the `create` role creates one (site.policy).
export function sitesRoutes(deps: SitesHttpDeps): Router {
  const { clock, urls } = deps;
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/sites',
    route({ params: orgParams, query: listSitesQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const filter = { space: query.space, title: query.title, published: query.published, types: query.type };
      const { rows, total } = await listSites(deps, principal.userId, params.organizationId, filter, page);
      res.json(
        listEnvelope(
          rows.map(({ site, role }) => presentSite(site, role, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.post(
    '/v1/orgs/:organizationId/sites',
    route({ params: orgParams, body: createSiteBody }, async ({ params, body, principal }, res) => {
      const { site, role } = await createSite(
        deps,
        principal.userId,
        { organizationId: params.organizationId, type: body.type, title: body.title ?? DEFAULT_SITE_TITLE, visibility: body.visibility, spaceIds: body.spaces },
        clock(),
      );
      const presented = presentSite(site, role, urls);
      res.status(201).location(presented.urls.location).json(presented);
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/sites/:siteId',
    route({ params: siteParams }, async ({ params, principal }, res) => {
      const { site, role } = await readSite(deps, principal.userId, params);
      res.json(presentSite(site, role, urls));
    }),
  );

  router.patch(
    '/v1/orgs/:organizationId/sites/:siteId',
    route({ params: siteParams, body: updateSiteBody }, async ({ params, body, principal }, res) => {
      const { site, role } = await updateSite(deps, principal.userId, params, body, clock());
      res.json(presentSite(site, role, urls));
    }),
  );

  router.delete(
    '/v1/orgs/:organizationId/sites/:siteId',
    route({ params: siteParams }, async ({ params, principal }, res) => {
      await deleteSite(deps, principal.userId, params, clock());
      res.status(205).end();
    }),
  );

  // Companions of the `published` field (reference publishSite / unpublishSite); both idempotent.
  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    router.post(
      `/v1/orgs/:organizationId/sites/:siteId/${action}`,
      route({ params: siteParams }, async ({ params, principal }, res) => {
        const { site, role } = await setSitePublished(deps, principal.userId, params, published, clock());
        res.json(presentSite(site, role, urls));
      }),
    );
  }

  router.use(siteSettingsRoutes(deps));
  router.use(siteCustomizationRoutes(deps));
  return router;
}
