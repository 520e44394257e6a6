import { Router } from 'express';
import { listEnvelope, pageQuery, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { createLinkInvite } from '../../application/create-link-invite';
import { deleteLinkInvite } from '../../application/delete-link-invite';
import type { IdentityEntryDeps } from '../../application/deps';
import { getLinkInvite } from '../../application/get-link-invite';
import { listLinkInvites } from '../../application/list-link-invites';
import { updateLinkInvite } from '../../application/update-link-invite';
import { presentLinkInvite } from '../../presenters/invite.presenter';
import { linkInviteParams, orgParams } from '../params.schema';
import { createLinkInviteBody, updateLinkInviteBody } from './link-invites.schema';

// Invite links are managed by admins only (they hand out memberships).
export function linkInvitesRoutes(deps: IdentityEntryDeps): Router {
  const { urls } = deps;
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/link-invites',
    route({ params: orgParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total, callerRole } = await listLinkInvites(deps, principal, { organizationId: params.organizationId, page });
      res.json(
        listEnvelope(
          rows.map((i) => presentLinkInvite(i, callerRole, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.post(
    '/v1/orgs/:organizationId/link-invites',
    route({ params: orgParams, body: createLinkInviteBody }, async ({ params, body, principal }, res) => {
      const { invite, secret, callerRole } = await createLinkInvite(deps, principal, { organizationId: params.organizationId, role: body.role });
      res.status(201).json(presentLinkInvite(invite, callerRole, urls, secret));
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/link-invites/:inviteId',
    route({ params: linkInviteParams }, async ({ params, principal }, res) => {
      const { invite, callerRole } = await getLinkInvite(deps, principal, params);
      res.json(presentLinkInvite(invite, callerRole, urls));
    }),
  );

  router.patch(
    '/v1/orgs/:organizationId/link-invites/:inviteId',
    route({ params: linkInviteParams, body: updateLinkInviteBody }, async ({ params, body, principal }, res) => {
      const { invite, callerRole } = await updateLinkInvite(deps, principal, { ...params, role: body.role });
      res.json(presentLinkInvite(invite, callerRole, urls));
    }),
  );

  // 205 when deleted; 404 when there is no such invite, as for every delete of something absent.
  router.delete(
    '/v1/orgs/:organizationId/link-invites/:inviteId',
    route({ params: linkInviteParams }, async ({ params, principal }, res) => {
      await deleteLinkInvite(deps, principal, params);
      res.status(205).end();
    }),
  );

  return router;
}
