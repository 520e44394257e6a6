import { Router, type Request, type Response } from 'express';
import { listEnvelope, parseInput, parsePageRequest } from '@quire/common';
import { createSite, DEFAULT_SITE_TITLE, deleteSite, resolveSpacesForSite, setSitePublished, updateSite } from '../../domain/sites';
import { authorizeSite, authorizeSitesOfOrganization } from '../../policies/site.policy';
import { presentSite } from '../../presenters/site.presenter';
import { listSites } from '../../store/sites.store';
import type { SitesHttpDeps } from '../deps';
import { siteSettingsRoutes } from './site-settings.routes';
import { createSiteBody, listSitesQuery, updateSiteBody } from './sites.schema';

type OrgParams = { organizationId: string };
type SiteParams = OrgParams & { siteId: string };

// Any organization member lists and reads sites; members with the `create` role create, change,
// publish and delete them (site.policy).
export function sitesRoutes(deps: SitesHttpDeps): Router {
  const { db, clock, urls, clients } = deps;
  const router = Router();

  router.get('/v1/orgs/:organizationId/sites', async (req: Request<OrgParams>, res: Response) => {
    const page = parsePageRequest(req.query);
    const filter = parseInput(listSitesQuery, req.query, 'query');
    const orgId = req.params.organizationId;
    await authorizeSitesOfOrganization(deps, orgId, req.principal.userId, 'read');
    const { rows, total } = await listSites(db, orgId, { space: filter.space, title: filter.title, published: filter.published, types: filter.type }, page);
    res.json(
      listEnvelope(
        rows.map((site) => presentSite(site, urls)),
        total,
        page,
      ),
    );
  });

  router.post('/v1/orgs/:organizationId/sites', async (req: Request<OrgParams>, res: Response) => {
    const body = parseInput(createSiteBody, req.body ?? {});
    const orgId = req.params.organizationId;
    const callerId = req.principal.userId;
    await authorizeSitesOfOrganization(deps, orgId, callerId, 'manage');
    const spaces = await resolveSpacesForSite(clients.content(), orgId, body.spaces, callerId);
    const site = await createSite(
      db,
      { organizationId: orgId, type: body.type, title: body.title ?? DEFAULT_SITE_TITLE, visibility: body.visibility, spaces },
      callerId,
      clock(),
    );
    const presented = presentSite(site, urls);
    res.status(201).location(presented.urls.location).json(presented);
  });

  router.get('/v1/orgs/:organizationId/sites/:siteId', async (req: Request<SiteParams>, res: Response) => {
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, req.principal.userId, 'read');
    res.json(presentSite(site, urls));
  });

  router.patch('/v1/orgs/:organizationId/sites/:siteId', async (req: Request<SiteParams>, res: Response) => {
    const body = parseInput(updateSiteBody, req.body ?? {});
    const callerId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, callerId, 'manage');
    const updated = await updateSite(db, site.organization_id, site.id, body, callerId, clock());
    res.json(presentSite(updated, urls));
  });

  router.delete('/v1/orgs/:organizationId/sites/:siteId', async (req: Request<SiteParams>, res: Response) => {
    const callerId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, callerId, 'manage');
    await deleteSite(db, site.organization_id, site.id, callerId, clock());
    res.status(205).end();
  });

  // Companions of the `published` field (reference publishSite / unpublishSite); both idempotent.
  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    router.post(`/v1/orgs/:organizationId/sites/:siteId/${action}`, async (req: Request<SiteParams>, res: Response) => {
      const callerId = req.principal.userId;
      const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, callerId, 'manage');
      const result = await setSitePublished(db, site.organization_id, site.id, published, callerId, clock());
      res.json(presentSite(result.site, urls));
    });
  }

  router.use(siteSettingsRoutes(deps));
  return router;
}
