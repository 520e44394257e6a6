import { Router } from 'express';
import { route } from '@quire/platform/http';
import { configureSiteOidc, getSiteOidc, removeSiteOidc } from '../application/configure-site-oidc';
import type { SiteOidcDeps } from '../application/site-oidc-deps';
import { presentSiteOidc } from '../presenters/site-oidc.presenter';
import { siteParams } from '../../sites';
import { putSiteOidcBody } from './site-oidc.schema';

const OIDC = '/v1/orgs/:organizationId/sites/:siteId/publishing/auth/oidc';

// OpenID Connect sign-in for readers of a visitor-auth site (a Quire extension): admins only, as
// the rest of visitor auth. 400 when the provider's discovery document cannot be read or names
// another issuer; 404 on GET and DELETE when none is set.
export function siteOidcRoutes(deps: SiteOidcDeps): Router {
  const router = Router();

  router.get(
    OIDC,
    route({ params: siteParams }, async ({ params, principal }, res) => {
      res.json(presentSiteOidc(await getSiteOidc(deps, principal.userId, params)));
    }),
  );

  router.put(
    OIDC,
    route({ params: siteParams, body: putSiteOidcBody }, async ({ params, body, principal }, res) => {
      const input = { ...body, scopes: body.scopes ?? [], claims: body.claims ?? [] };
      res.json(presentSiteOidc(await configureSiteOidc(deps, principal.userId, params, input)));
    }),
  );

  router.delete(
    OIDC,
    route({ params: siteParams }, async ({ params, principal }, res) => {
      await removeSiteOidc(deps, principal.userId, params);
      res.status(204).end();
    }),
  );

  return router;
}
