import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import type { IdentityEntryDeps } from '../../accounts';
import { listTeamMembers } from '../application/list-team-members';
import { removeTeamMember } from '../application/remove-team-member';
import { setTeamMember } from '../application/set-team-member';
import { updateTeamMembers } from '../application/update-team-members';
import { presentTeamMember } from '../presenters/team-member.presenter';
import { teamMemberParams, teamParams } from './params.schema';
import { listTeamMembersQuery, memberReferences, setTeamMemberBody, updateTeamMembersBody } from './teams.schema';

// Any organization member lists a team's members; organization admins and the team's owners change them.
export function teamMembersRoutes(deps: IdentityEntryDeps): Router {
  const { urls } = deps;
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/teams/:teamId/members',
    route({ params: teamParams, query: listTeamMembersQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total } = await listTeamMembers(deps, principal, { ...params, page });
      res.json(
        listEnvelope(
          rows.map((m) => presentTeamMember(m, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.put(
    '/v1/orgs/:organizationId/teams/:teamId/members',
    route({ params: teamParams, body: updateTeamMembersBody }, async ({ params, body, principal }, res) => {
      await updateTeamMembers(deps, principal, {
        ...params,
        add: memberReferences(body.add, 'add'),
        remove: memberReferences(body.remove, 'remove'),
        roles: Object.entries(body.memberships).map(([identifier, { role }]) => ({ identifier, field: `memberships.${identifier}`, role })),
      });
      res.status(204).end();
    }),
  );

  router.put(
    '/v1/orgs/:organizationId/teams/:teamId/members/:userId',
    route({ params: teamMemberParams, body: setTeamMemberBody }, async ({ params, body, principal }, res) => {
      await setTeamMember(deps, principal, { ...params, role: body.role });
      res.status(204).end();
    }),
  );

  // 204 also when the user was not in the team (spec: 204; reference: 204 "member was not part of the team").
  router.delete(
    '/v1/orgs/:organizationId/teams/:teamId/members/:userId',
    route({ params: teamMemberParams }, async ({ params, principal }, res) => {
      await removeTeamMember(deps, principal, params);
      res.status(204).end();
    }),
  );

  return router;
}
