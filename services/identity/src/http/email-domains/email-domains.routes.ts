import { Router, type Request, type Response } from 'express';
import { notFound, parseInput } from '@quire/common';
import { organizationsOpenToUser } from '../../domain/invites';
import { presentOrganization } from '../../presenters/organization.presenter';
import { findUserById } from '../../store/users.store';
import type { IdentityHttpDeps } from '../deps';
import { emailDomainParams } from './email-domains.schema';

export function emailDomainsRoutes({ db, urls }: IdentityHttpDeps): Router {
  const router = Router();

  // Only the caller's own e-mail domain answers anything (see organizationsOpenToUser).
  router.get('/v1/email-domains/:emailDomain/orgs', async (req: Request<{ emailDomain: string }>, res: Response) => {
    const { emailDomain } = parseInput(emailDomainParams, req.params, 'path');
    const user = await findUserById(db, req.principal.userId);
    if (!user) throw notFound('User not found');
    const organizations = await organizationsOpenToUser(db, user, emailDomain);
    res.json({ organizations: organizations.map((o) => presentOrganization(o, o.caller_role, urls)) });
  });

  return router;
}
