import { Router } from 'express';
import { route } from '@quire/platform/http';
import { orgParams, type IdentityEntryDeps } from '../../accounts';
import { listSsoLogins } from '../application/list-sso-logins';
import { presentSsoLogin } from '../presenters/saml-provider.presenter';

/**
 * GET /v1/orgs/{org}/sso (reference: listSSOProviderLoginsInOrganization): what a login page
 * offers, the label and start URL of each active provider (no provider secrets); see listSsoLogins.
 */
export function ssoRoutes(deps: IdentityEntryDeps): Router {
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/sso',
    route({ params: orgParams }, async ({ params, principal }, res) => {
      const providers = await listSsoLogins(deps, principal, params);
      res.json({ items: providers.map((p) => presentSsoLogin(p, deps.urls)) });
    }),
  );

  return router;
}
