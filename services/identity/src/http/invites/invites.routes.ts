import { Router } from 'express';
import { isRole } from '@quire/access';
import { route } from '@quire/platform/http';
import { inviteUsers } from '../../domain/invites';
import { authorizeOrganization } from '../../policies/organization.policy';
import { presentInvitationResult } from '../../presenters/invite.presenter';
import type { IdentityHttpDeps } from '../deps';
import { orgParams } from '../params.schema';
import { inviteUsersBody } from './invites.schema';

export function invitesRoutes({ db, clock }: IdentityHttpDeps): Router {
  const router = Router();

  // Admins only. The role of an address: its own, else the body's `role`, else the organization's
  // `defaultRole`, else read.
  router.post(
    '/v1/orgs/:organizationId/invites',
    route({ params: orgParams, body: inviteUsersBody }, async ({ params, body, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'manageInvites');
      const fallbackRole = body.role ?? (isRole(org.defaultRole) ? org.defaultRole : 'read');
      const invitations = body.emails.map((entry) => (typeof entry === 'string' ? { email: entry, role: fallbackRole } : entry));
      const result = await inviteUsers(db, { organizationId: org.id, invitedBy: principal.userId, invitations }, clock());
      res.json(presentInvitationResult(result));
    }),
  );

  return router;
}
