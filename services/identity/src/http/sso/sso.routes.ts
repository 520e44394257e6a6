import { Router } from 'express';
import { route } from '@quire/platform/http';
import { samlProviderStatus } from '../../domain/saml-providers';
import { authorizeOrganization } from '../../policies/organization.policy';
import { presentSsoLogin } from '../../presenters/saml-provider.presenter';
import { listAllSamlProviders } from '../../store/saml-providers.store';
import type { IdentityHttpDeps } from '../deps';
import { orgParams } from '../params.schema';

/**
 * GET /v1/orgs/{org}/sso (reference: listSSOProviderLoginsInOrganization): what a login page
 * offers. Any member may read it (only the label and start URL, no provider secrets); a
 * non-member gets 404 like every organization resource. Pending providers cannot sign anyone in,
 * so only active ones are listed.
 */
export function ssoRoutes({ db, urls }: IdentityHttpDeps): Router {
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/sso',
    route({ params: orgParams }, async ({ params, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'read');
      const providers = await listAllSamlProviders(db, org.id);
      res.json({ items: providers.filter((p) => samlProviderStatus(p) === 'active').map((p) => presentSsoLogin(p, urls)) });
    }),
  );

  return router;
}
