import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import type { IdentityEntryDeps } from '../../application/deps';
import { getMember } from '../../application/get-member';
import { listMembers } from '../../application/list-members';
import { removeMember } from '../../application/remove-member';
import { updateMember } from '../../application/update-member';
import { presentMember } from '../../presenters/member.presenter';
import { memberParams, orgParams } from '../params.schema';
import { listMembersQuery, updateMemberBody } from './members.schema';

export function membersRoutes(deps: IdentityEntryDeps): Router {
  const { urls } = deps;
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/members',
    route({ params: orgParams, query: listMembersQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const filter = { role: query.role, search: query.search, sort: query.sort, order: query.order };
      const { rows, total } = await listMembers(deps, principal, { organizationId: params.organizationId, filter, page });
      res.json(
        listEnvelope(
          rows.map((m) => presentMember(m, urls)),
          total,
          page,
        ),
      );
    }),
  );

  // Any member may read a member; a guest only themselves (anything else of the organization is a 404 to them).
  router.get(
    '/v1/orgs/:organizationId/members/:userId',
    route({ params: memberParams }, async ({ params, principal }, res) => {
      res.json(presentMember(await getMember(deps, principal, params), urls));
    }),
  );

  // Only admins change roles; the last admin cannot be demoted (409).
  router.patch(
    '/v1/orgs/:organizationId/members/:userId',
    route({ params: memberParams, body: updateMemberBody }, async ({ params, body, principal }, res) => {
      res.json(presentMember(await updateMember(deps, principal, { ...params, role: body.role }), urls));
    }),
  );

  // Admins remove anyone; any member may remove themselves (leave). Never the last admin (409).
  // 205 when removed; 404 when the user is not a member, as for every delete of something absent.
  router.delete(
    '/v1/orgs/:organizationId/members/:userId',
    route({ params: memberParams }, async ({ params, principal }, res) => {
      await removeMember(deps, principal, params);
      res.status(205).end();
    }),
  );

  return router;
}
