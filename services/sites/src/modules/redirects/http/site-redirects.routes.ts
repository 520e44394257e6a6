import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { siteParams, type SitesHttpDeps } from '../../sites';
import { bulkUpsertSiteRedirects } from '../application/bulk-upsert-site-redirects';
import { createSiteRedirect } from '../application/create-site-redirect';
import { deleteSiteRedirect } from '../application/delete-site-redirect';
import { readSiteRedirectBySource } from '../application/read-site-redirect-by-source';
import { listSiteRedirects } from '../application/list-site-redirects';
import { updateSiteRedirect } from '../application/update-site-redirect';
import { presentSiteRedirect } from '../presenters/site-redirect.presenter';
import { bulkStepOf } from './bulk-steps';
import { bulkRedirectsBody, createRedirectBody, listRedirectsQuery, redirectBySourceQuery, redirectParams, updateRedirectBody } from './site-redirects.schema';

// Site redirects (reference tag site-redirects). Reading them is reading the site; changing them is
// changing a site setting: the sites policy's `manage` (the `create` role).
export function siteRedirectsRoutes(deps: SitesHttpDeps): Router {
  const router = Router();
  const base = '/v1/orgs/:organizationId/sites/:siteId/redirects';

  router.get(
    base,
    route({ params: siteParams, query: listRedirectsQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total } = await listSiteRedirects(deps, principal.userId, params, {
        page,
        draft: query.draft,
        search: query.search,
        orderBy: query.orderBy,
      });
      res.json(listEnvelope(rows.map(presentSiteRedirect), total, page));
    }),
  );

  router.post(
    base,
    route({ params: siteParams, body: createRedirectBody }, async ({ params, body, principal }, res) => {
      const redirect = await createSiteRedirect(deps, principal.userId, params, {
        ...body.source,
        destination: body.destination,
        draft: body.draft ?? false,
        captureWildcard: body.captureWildcard ?? false,
        permanent: body.permanent ?? false,
      });
      res
        .status(201)
        .location(deps.urls.api(`/orgs/${params.organizationId}/sites/${params.siteId}/redirects/${redirect.id}`))
        .json(presentSiteRedirect(redirect));
    }),
  );

  router.put(
    base,
    route({ params: siteParams, body: bulkRedirectsBody }, async ({ params, body, principal }, res) => {
      const results = await bulkUpsertSiteRedirects(deps, principal.userId, params, body.redirects.map(bulkStepOf));
      res.json({ results: results.map((r) => (r.status === 'deleted' ? { status: r.status, source: r.source, draft: r.draft } : r)) });
    }),
  );

  router.patch(
    `${base}/:siteRedirectId`,
    route({ params: redirectParams, body: updateRedirectBody }, async ({ params, body, principal }, res) => {
      const { source, ...rest } = body;
      const redirect = await updateSiteRedirect(deps, principal.userId, params, params.siteRedirectId, { ...source, ...rest });
      res.json(presentSiteRedirect(redirect));
    }),
  );

  router.delete(
    `${base}/:siteRedirectId`,
    route({ params: redirectParams }, async ({ params, principal }, res) => {
      const deleted = await deleteSiteRedirect(deps, principal.userId, params, params.siteRedirectId);
      res.status(deleted ? 205 : 204).end();
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/sites/:siteId/redirect',
    route({ params: siteParams, query: redirectBySourceQuery }, async ({ params, query, principal }, res) => {
      const found = await readSiteRedirectBySource(deps, principal.userId, params, query.source);
      res.json({ redirect: presentSiteRedirect(found.redirect), target: found.target });
    }),
  );

  return router;
}
