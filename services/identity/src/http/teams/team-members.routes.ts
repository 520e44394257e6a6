import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { removeTeamMember, setTeamMember, updateTeamMembers } from '../../domain/teams';
import { authorizeTeam } from '../../policies/team.policy';
import { presentTeamMember } from '../../presenters/team-member.presenter';
import { listTeamMembers } from '../../store/teams.store';
import type { IdentityHttpDeps } from '../deps';
import { teamMemberParams, teamParams } from '../params.schema';
import { listTeamMembersQuery, memberReferences, setTeamMemberBody, updateTeamMembersBody } from './teams.schema';

// Any organization member lists a team's members; organization admins and the team's owners change them.
export function teamMembersRoutes({ db, urls, clock }: IdentityHttpDeps): Router {
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/teams/:teamId/members',
    route({ params: teamParams, query: listTeamMembersQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { team } = await authorizeTeam(db, params.organizationId, params.teamId, principal.userId, 'read');
      const { rows, total } = await listTeamMembers(db, team.id, page);
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
      const { team } = await authorizeTeam(db, params.organizationId, params.teamId, principal.userId, 'manageMembers');
      await updateTeamMembers(
        db,
        {
          organizationId: team.organizationId,
          teamId: team.id,
          add: memberReferences(body.add, 'add'),
          remove: memberReferences(body.remove, 'remove'),
          roles: Object.entries(body.memberships).map(([identifier, { role }]) => ({ identifier, field: `memberships.${identifier}`, role })),
        },
        clock(),
      );
      res.status(204).end();
    }),
  );

  router.put(
    '/v1/orgs/:organizationId/teams/:teamId/members/:userId',
    route({ params: teamMemberParams, body: setTeamMemberBody }, async ({ params, body, principal }, res) => {
      const { team } = await authorizeTeam(db, params.organizationId, params.teamId, principal.userId, 'manageMembers');
      await setTeamMember(db, { organizationId: team.organizationId, teamId: team.id, userId: params.userId, role: body.role }, clock());
      res.status(204).end();
    }),
  );

  // 204 also when the user was not in the team (spec: 204; reference: 204 "member was not part of the team").
  router.delete(
    '/v1/orgs/:organizationId/teams/:teamId/members/:userId',
    route({ params: teamMemberParams }, async ({ params, principal }, res) => {
      const { team } = await authorizeTeam(db, params.organizationId, params.teamId, principal.userId, 'manageMembers');
      await removeTeamMember(db, { organizationId: team.organizationId, teamId: team.id, userId: params.userId }, clock());
      res.status(204).end();
    }),
  );

  return router;
}
