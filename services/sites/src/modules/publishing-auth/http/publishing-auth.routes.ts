import { Router } from 'express';
import { route } from '@quire/platform/http';
import { getPublishingAuth } from '../application/get-publishing-auth';
import { regeneratePublishingAuth } from '../application/regenerate-publishing-auth';
import { updatePublishingAuth } from '../application/update-publishing-auth';
import type { PublishingAuthDeps } from '../application/deps';
import { presentPublishingAuth } from '../presenters/publishing-auth.presenter';
import { siteParams } from '../../sites';
import { updatePublishingAuthBody } from './publishing-auth.schema';

const AUTH = '/v1/orgs/:organizationId/sites/:siteId/publishing/auth';

// Visitor authentication of a site (reference site-publishing-auth): admins only, reads included,
// as every answer holds the signing key.
export function publishingAuthRoutes(deps: PublishingAuthDeps): Router {
  const router = Router();

  router.get(
    AUTH,
    route({ params: siteParams }, async ({ params, principal }, res) => {
      res.json(presentPublishingAuth(await getPublishingAuth(deps, principal.userId, params)));
    }),
  );

  router.patch(
    AUTH,
    route({ params: siteParams, body: updatePublishingAuthBody }, async ({ params, body, principal }, res) => {
      const changes = { backend: body.backend, fallbackUrl: body.fallbackURL, logoutUrl: body.logoutURL };
      res.json(presentPublishingAuth(await updatePublishingAuth(deps, principal.userId, params, changes)));
    }),
  );

  router.post(
    `${AUTH}/regenerate`,
    route({ params: siteParams }, async ({ params, principal }, res) => {
      res.json(presentPublishingAuth(await regeneratePublishingAuth(deps, principal.userId, params)));
    }),
  );

  return router;
}
