import { Router } from 'express';
import { notFound } from '@quire/errors';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { changeMemberRole, removeMember } from '../../domain/members';
import { authorizeOrganization } from '../../policies/organization.policy';
import { presentMember } from '../../presenters/member.presenter';
import { findMemberWithUser, listMembers } from '../../store/members.store';
import type { IdentityHttpDeps } from '../deps';
import { memberParams, orgParams } from '../params.schema';
import { listMembersQuery, updateMemberBody } from './members.schema';

const memberNotFound = (orgId: string, userId: string) => notFound(`Member ${userId} not found in organization ${orgId}`);

export function membersRoutes({ db, urls, clock }: IdentityHttpDeps): Router {
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/members',
    route({ params: orgParams, query: listMembersQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'listMembers');
      const filter = { role: query.role, search: query.search, sort: query.sort, order: query.order };
      const { rows, total } = await listMembers(db, org.id, filter, page);
      res.json(
        listEnvelope(
          rows.map((m) => presentMember(m, urls)),
          total,
          page,
        ),
      );
    }),
  );

  // Any member may read a member.
  router.get(
    '/v1/orgs/:organizationId/members/:userId',
    route({ params: memberParams }, async ({ params, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'listMembers');
      const member = await findMemberWithUser(db, org.id, params.userId);
      if (!member) throw memberNotFound(org.id, params.userId);
      res.json(presentMember(member, urls));
    }),
  );

  // Only admins change roles; the last admin cannot be demoted (409).
  router.patch(
    '/v1/orgs/:organizationId/members/:userId',
    route({ params: memberParams, body: updateMemberBody }, async ({ params, body, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'manageMembers');
      const member = body.role
        ? await changeMemberRole(db, { organizationId: org.id, userId: params.userId, role: body.role }, clock())
        : await findMemberWithUser(db, org.id, params.userId);
      if (!member) throw memberNotFound(org.id, params.userId);
      res.json(presentMember(member, urls));
    }),
  );

  // Admins remove anyone; any member may remove themselves (leave). Never the last admin (409).
  // 205 when removed; 404 when the user is not a member, as for every delete of something absent (issue #10 A9).
  router.delete(
    '/v1/orgs/:organizationId/members/:userId',
    route({ params: memberParams }, async ({ params, principal }, res) => {
      const isLeaving = params.userId === principal.userId;
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, isLeaving ? 'read' : 'manageMembers');
      const removed = await removeMember(db, { organizationId: org.id, userId: params.userId }, clock());
      if (!removed) throw memberNotFound(org.id, params.userId);
      res.status(205).end();
    }),
  );

  return router;
}
