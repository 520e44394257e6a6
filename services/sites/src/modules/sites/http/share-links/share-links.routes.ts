import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { createShareLink } from '../../application/create-share-link';
import { deleteShareLink } from '../../application/delete-share-link';
import { listShareLinks } from '../../application/list-share-links';
import { updateShareLink } from '../../application/update-share-link';
import { presentShareLink } from '../../presenters/share-link.presenter';
import type { SitesHttpDeps } from '../deps';
import { siteParams } from '../params.schema';
import { createShareLinkBody, listShareLinksQuery, shareLinkParams, updateShareLinkBody } from './share-links.schema';

// Share links hand out access to a site: like the site's other settings, managing them needs
// the `create` role, and so does listing them, since they carry the secret keys.
export function shareLinksRoutes(deps: SitesHttpDeps): Router {
  const { clock, urls } = deps;
  const router = Router();
  const base = '/v1/orgs/:organizationId/sites/:siteId/share-links';

  router.get(
    base,
    route({ params: siteParams, query: listShareLinksQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { site, rows, total } = await listShareLinks(deps, principal.userId, params, { page, search: query.search });
      res.json(
        listEnvelope(
          rows.map((link) => presentShareLink(link, site, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.post(
    base,
    route({ params: siteParams, body: createShareLinkBody }, async ({ params, body, principal }, res) => {
      const callerId = principal.userId;
      const { site, link } = await createShareLink(deps, callerId, params, body.name, clock());
      res
        .status(201)
        .location(urls.api(`/orgs/${site.organizationId}/sites/${site.id}/share-links/${link.id}`))
        .json(presentShareLink(link, site, urls));
    }),
  );

  router.patch(
    `${base}/:shareLinkId`,
    route({ params: shareLinkParams, body: updateShareLinkBody }, async ({ params, body, principal }, res) => {
      const callerId = principal.userId;
      const { site, link } = await updateShareLink(deps, callerId, params, params.shareLinkId, body, clock());
      res.json(presentShareLink(link, site, urls));
    }),
  );

  router.delete(
    `${base}/:shareLinkId`,
    route({ params: shareLinkParams }, async ({ params, principal }, res) => {
      await deleteShareLink(deps, principal.userId, params, params.shareLinkId, clock());
      res.status(205).end();
    }),
  );

  return router;
}
