import { Router } from 'express';
import { route } from '@quire/platform/http';
import { addExternalLink } from '../../application/add-external-link';
import { deleteExternalLink } from '../../application/delete-external-link';
import { updateExternalLink } from '../../application/update-external-link';
import { presentSiteExternalLink } from '../../presenters/site-external-link.presenter';
import type { SitesHttpDeps } from '../deps';
import { siteParams } from '../params.schema';
import { addExternalLinkBody, externalLinkParams, updateExternalLinkBody } from './external-links.schema';

const LINKS = '/v1/orgs/:organizationId/sites/:siteId/external-links';

// A site's external navigation links (reference site-external-links); changing them needs `manage`
// on the site (site.policy), like its sections and groups.
export function externalLinksRoutes(deps: SitesHttpDeps): Router {
  const { urls, clock } = deps;
  const router = Router();

  router.post(
    LINKS,
    route({ params: siteParams, body: addExternalLinkBody }, async ({ params, body, principal }, res) => {
      const input = {
        title: body.title,
        localizedTitle: body.localizedTitle ?? null,
        description: body.description ?? null,
        localizedDescription: body.localizedDescription ?? null,
        icon: body.icon ?? null,
        url: body.url,
        draft: body.draft ?? false,
        condition: body.condition ?? null,
        parent: body.parent ?? null,
      };
      const { site, link } = await addExternalLink(deps, principal.userId, params, input, clock());
      res
        .status(201)
        .location(urls.api(`/orgs/${site.organizationId}/sites/${site.id}/external-links/${link.id}`))
        .json(presentSiteExternalLink(link));
    }),
  );

  // 200 with the link, whatever the caller prefers (reference returnPreference: a server may ignore it).
  router.patch(
    `${LINKS}/:siteExternalLinkId`,
    route({ params: externalLinkParams, body: updateExternalLinkBody }, async ({ params, body, principal }, res) => {
      const { link } = await updateExternalLink(deps, principal.userId, params, params.siteExternalLinkId, body, clock());
      res.json(presentSiteExternalLink(link));
    }),
  );

  // 205 when deleted now, 204 when the site had no such link (reference deleteSiteExternalLinkById).
  router.delete(
    `${LINKS}/:siteExternalLinkId`,
    route({ params: externalLinkParams }, async ({ params, principal }, res) => {
      const deleted = await deleteExternalLink(deps, principal.userId, params, params.siteExternalLinkId, clock());
      res.status(deleted ? 205 : 204).end();
    }),
  );

  return router;
}
