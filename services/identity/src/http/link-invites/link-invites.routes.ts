import { Router } from 'express';
import { notFound } from '@quire/errors';
import { listEnvelope, pageQuery, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { changeLinkInviteRole, createLinkInvite, removeLinkInvite } from '../../domain/invites';
import { authorizeOrganization } from '../../policies/organization.policy';
import { presentLinkInvite } from '../../presenters/invite.presenter';
import { findLinkInvite, listLinkInvites } from '../../store/invites.store';
import type { IdentityHttpDeps } from '../deps';
import { linkInviteParams, orgParams } from '../params.schema';
import { createLinkInviteBody, updateLinkInviteBody } from './link-invites.schema';

const inviteNotFound = (orgId: string, inviteId: string) => notFound(`Invite ${inviteId} not found in organization ${orgId}`);

// Invite links are managed by admins only (they hand out memberships).
export function linkInvitesRoutes({ db, urls, clock }: IdentityHttpDeps): Router {
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/link-invites',
    route({ params: orgParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'manageInvites');
      const { rows, total } = await listLinkInvites(db, org.id, page);
      res.json(
        listEnvelope(
          rows.map((i) => presentLinkInvite(i, org.role, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.post(
    '/v1/orgs/:organizationId/link-invites',
    route({ params: orgParams, body: createLinkInviteBody }, async ({ params, body, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'manageInvites');
      const { invite, secret } = await createLinkInvite(db, { organization: org, role: body.role, createdBy: principal.userId }, clock());
      res.status(201).json(presentLinkInvite(invite, org.role, urls, secret));
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/link-invites/:inviteId',
    route({ params: linkInviteParams }, async ({ params, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'manageInvites');
      const invite = await findLinkInvite(db, org.id, params.inviteId);
      if (!invite) throw inviteNotFound(org.id, params.inviteId);
      res.json(presentLinkInvite(invite, org.role, urls));
    }),
  );

  router.patch(
    '/v1/orgs/:organizationId/link-invites/:inviteId',
    route({ params: linkInviteParams, body: updateLinkInviteBody }, async ({ params, body, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'manageInvites');
      const invite = await changeLinkInviteRole(db, { organizationId: org.id, inviteId: params.inviteId, role: body.role }, clock());
      if (!invite) throw inviteNotFound(org.id, params.inviteId);
      res.json(presentLinkInvite(invite, org.role, urls));
    }),
  );

  // 205 when deleted; 404 when there is no such invite, as for every delete of something absent (issue #10 A9).
  router.delete(
    '/v1/orgs/:organizationId/link-invites/:inviteId',
    route({ params: linkInviteParams }, async ({ params, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'manageInvites');
      const deleted = await removeLinkInvite(db, { organizationId: org.id, inviteId: params.inviteId }, clock());
      if (!deleted) throw inviteNotFound(org.id, params.inviteId);
      res.status(205).end();
    }),
  );

  return router;
}
