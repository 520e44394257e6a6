import { Router, type Request, type Response } from 'express';
import { listEnvelope, parseInput, parsePageRequest } from '@quire/common';
import { createShareLink, deleteShareLink, updateShareLink } from '../../domain/share-links';
import { authorizeSite } from '../../policies/site.policy';
import { presentShareLink } from '../../presenters/share-link.presenter';
import { listShareLinks } from '../../store/share-links.store';
import type { SitesHttpDeps } from '../deps';
import { createShareLinkBody, updateShareLinkBody } from './share-links.schema';

type SiteParams = { organizationId: string; siteId: string };
type ShareLinkParams = SiteParams & { shareLinkId: string };

// Share links hand out access to a site: like the site's other settings, managing them needs
// the `create` role; any member lists them.
export function shareLinksRoutes(deps: SitesHttpDeps): Router {
  const { db, clock, urls } = deps;
  const router = Router();
  const base = '/v1/orgs/:organizationId/sites/:siteId/share-links';

  router.get(base, async (req: Request<SiteParams>, res: Response) => {
    const page = parsePageRequest(req.query);
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, req.principal.userId, 'read');
    const { rows, total } = await listShareLinks(db, site.id, page);
    res.json(
      listEnvelope(
        rows.map((link) => presentShareLink(link, site, urls)),
        total,
        page,
      ),
    );
  });

  router.post(base, async (req: Request<SiteParams>, res: Response) => {
    const body = parseInput(createShareLinkBody, req.body ?? {});
    const callerId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, callerId, 'manage');
    const link = await createShareLink(db, site, body.name, callerId, clock());
    res
      .status(201)
      .location(urls.api(`/orgs/${site.organization_id}/sites/${site.id}/share-links/${link.id}`))
      .json(presentShareLink(link, site, urls));
  });

  router.patch(`${base}/:shareLinkId`, async (req: Request<ShareLinkParams>, res: Response) => {
    const body = parseInput(updateShareLinkBody, req.body ?? {});
    const callerId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, callerId, 'manage');
    const link = await updateShareLink(db, site, req.params.shareLinkId, body, callerId, clock());
    res.json(presentShareLink(link, site, urls));
  });

  router.delete(`${base}/:shareLinkId`, async (req: Request<ShareLinkParams>, res: Response) => {
    const callerId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, callerId, 'manage');
    await deleteShareLink(db, site, req.params.shareLinkId, callerId, clock());
    res.status(205).end();
  });

  return router;
}
