import { Router } from 'express';
import { notFound } from '@quire/errors';
import { parseInput } from '@quire/input';
import { route } from '@quire/platform/http';
import { organizationsForEmailDomain } from '../../domain/invites';
import { presentOrganization } from '../../presenters/organization.presenter';
import { findUserById } from '../../store/users.store';
import type { IdentityHttpDeps } from '../deps';
import { emailDomainParams, emailDomainValue } from './email-domains.schema';

export function emailDomainsRoutes({ db, urls }: IdentityHttpDeps): Router {
  const router = Router();

  // The caller's own organizations that claim the domain, and every one claiming the caller's own
  // e-mail domain (see organizationsForEmailDomain).
  router.get(
    '/v1/email-domains/:emailDomain/orgs',
    route({ params: emailDomainParams }, async ({ params, principal }, res) => {
      const { emailDomain } = parseInput(emailDomainValue, params, 'path');
      const user = await findUserById(db, principal.userId);
      if (!user) throw notFound('User not found');
      const organizations = await organizationsForEmailDomain(db, user, emailDomain);
      res.json({ organizations: organizations.map((o) => presentOrganization(o, o.callerRole, urls)) });
    }),
  );

  return router;
}
