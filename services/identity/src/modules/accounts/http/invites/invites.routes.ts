import { Router } from 'express';
import { route } from '@quire/platform/http';
import type { IdentityEntryDeps } from '../../application/deps';
import { inviteUsers } from '../../application/invite-users';
import { presentInvitationResult } from '../../presenters/invite.presenter';
import { orgParams } from '../params.schema';
import { inviteUsersBody } from './invites.schema';

export function invitesRoutes(deps: IdentityEntryDeps): Router {
  const router = Router();

  // Admins only. The role of an address: its own, else the body's `role`, else the organization's
  // `defaultRole`, else read.
  router.post(
    '/v1/orgs/:organizationId/invites',
    route({ params: orgParams, body: inviteUsersBody }, async ({ params, body, principal }, res) => {
      const result = await inviteUsers(deps, principal, { organizationId: params.organizationId, emails: body.emails, role: body.role });
      res.json(presentInvitationResult(result));
    }),
  );

  return router;
}
