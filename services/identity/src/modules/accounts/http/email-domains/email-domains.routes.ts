import { Router } from 'express';
import { parseInput } from '@quire/input';
import { route } from '@quire/platform/http';
import type { IdentityEntryDeps } from '../../application/deps';
import { listOrganizationsForEmailDomain } from '../../application/list-organizations-for-email-domain';
import { presentOrganization } from '../../presenters/organization.presenter';
import { emailDomainParams, emailDomainValue } from './email-domains.schema';

export function emailDomainsRoutes(deps: IdentityEntryDeps): Router {
  const router = Router();

  // The caller's own organizations that claim the domain, and every one claiming the caller's own
  // e-mail domain (see listOrganizationsForEmailDomain).
  router.get(
    '/v1/email-domains/:emailDomain/orgs',
    route({ params: emailDomainParams }, async ({ params, principal }, res) => {
      const input = parseInput(emailDomainValue, params, 'path');
      const organizations = await listOrganizationsForEmailDomain(deps, principal, input);
      res.json({ organizations: organizations.map((o) => presentOrganization(o, o.callerRole, deps.urls)) });
    }),
  );

  return router;
}
