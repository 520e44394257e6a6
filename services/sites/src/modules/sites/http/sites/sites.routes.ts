import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { createSite } from '../../application/create-site';
import { deleteSite } from '../../application/delete-site';
import { listSites } from '../../application/list-sites';
import { resolveSpacesForSite } from '../../application/resolve-spaces-for-site';
import { setSitePublished } from '../../application/set-site-published';
import { updateSite } from '../../application/update-site';
import { DEFAULT_SITE_TITLE } from '../../domain/sites';
import { authorizeSite, authorizeSiteAs, authorizeSitesOfOrganization } from '../../policies/site.policy';
import { presentSite } from '../../presenters/site.presenter';
import type { SitesHttpDeps } from '../deps';
import { orgParams, siteParams } from '../params.schema';
import { siteCustomizationRoutes } from './site-customization.routes';
import { siteSettingsRoutes } from './site-settings.routes';
import { createSiteBody, listSitesQuery, updateSiteBody } from './sites.schema';

// Any organization member lists and reads sites; members with the `create` role create, change,
// publish and delete them (site.policy).
export function sitesRoutes(deps: SitesHttpDeps): Router {
  const { db, clock, urls, clients } = deps;
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/sites',
    route({ params: orgParams, query: listSitesQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const role = await authorizeSitesOfOrganization(deps, params.organizationId, principal.userId, 'read');
      const filter = { space: query.space, title: query.title, published: query.published, types: query.type };
      const { rows, total } = await listSites(deps, params.organizationId, filter, page);
      res.json(
        listEnvelope(
          rows.map((site) => presentSite(site, role, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.post(
    '/v1/orgs/:organizationId/sites',
    route({ params: orgParams, body: createSiteBody }, async ({ params, body, principal }, res) => {
      const orgId = params.organizationId;
      const callerId = principal.userId;
      const role = await authorizeSitesOfOrganization(deps, orgId, callerId, 'manage');
      const spaces = await resolveSpacesForSite(clients.content(), orgId, body.spaces, callerId);
      const site = await createSite(
        db,
        { organizationId: orgId, type: body.type, title: body.title ?? DEFAULT_SITE_TITLE, visibility: body.visibility, spaces },
        callerId,
        clock(),
      );
      const presented = presentSite(site, role, urls);
      res.status(201).location(presented.urls.location).json(presented);
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/sites/:siteId',
    route({ params: siteParams }, async ({ params, principal }, res) => {
      const { site, role } = await authorizeSiteAs(deps, params.organizationId, params.siteId, principal.userId, 'read');
      res.json(presentSite(site, role, urls));
    }),
  );

  router.patch(
    '/v1/orgs/:organizationId/sites/:siteId',
    route({ params: siteParams, body: updateSiteBody }, async ({ params, body, principal }, res) => {
      const callerId = principal.userId;
      const { site, role } = await authorizeSiteAs(deps, params.organizationId, params.siteId, callerId, 'manage');
      const updated = await updateSite(deps, site.organizationId, site.id, body, callerId, clock());
      res.json(presentSite(updated, role, urls));
    }),
  );

  router.delete(
    '/v1/orgs/:organizationId/sites/:siteId',
    route({ params: siteParams }, async ({ params, principal }, res) => {
      const callerId = principal.userId;
      const site = await authorizeSite(deps, params.organizationId, params.siteId, callerId, 'manage');
      await deleteSite(deps, site.organizationId, site.id, callerId, clock());
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
        const callerId = principal.userId;
        const { site, role } = await authorizeSiteAs(deps, params.organizationId, params.siteId, callerId, 'manage');
        const result = await setSitePublished(deps, site.organizationId, site.id, published, callerId, clock());
        res.json(presentSite(result.site, role, urls));
      }),
    );
  }

  router.use(siteSettingsRoutes(deps));
  router.use(siteCustomizationRoutes(deps));
  return router;
}
