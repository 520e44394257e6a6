import { Router } from 'express';
import type { Role } from '@quire/access';
import { notFound } from '@quire/errors';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { countSpacesOfTeams, createTeam, deleteTeam, renameTeam } from '../../domain/teams';
import { authorizeOrganization } from '../../policies/organization.policy';
import { authorizeTeam } from '../../policies/team.policy';
import { presentTeam } from '../../presenters/team.presenter';
import { listTeams, type TeamSummary } from '../../store/teams.store';
import type { IdentityHttpDeps } from '../deps';
import { orgParams, teamParams } from '../params.schema';
import { teamMembersRoutes } from './team-members.routes';
import { createTeamBody, listTeamsQuery, memberReferences, updateTeamBody } from './teams.schema';

const teamNotFound = (teamId: string) => notFound(`Team ${teamId} not found`);

// Any organization member lists and reads teams; only organization admins create, rename and delete them.
export function teamsRoutes(deps: IdentityHttpDeps): Router {
  const { db, clock } = deps;
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/teams',
    route({ params: orgParams, query: listTeamsQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const callerId = principal.userId;
      const org = await authorizeOrganization(db, params.organizationId, callerId, 'listTeams');
      const { rows, total } = await listTeams(db, org.id, callerId, { owner: query.owner, title: query.title }, page);
      res.json(listEnvelope(await presentTeams(rows, org.role), total, page));
    }),
  );

  router.put(
    '/v1/orgs/:organizationId/teams',
    route({ params: orgParams, body: createTeamBody }, async ({ params, body, principal }, res) => {
      const callerId = principal.userId;
      const org = await authorizeOrganization(db, params.organizationId, callerId, 'manageTeams');
      const team = await createTeam(db, { organizationId: org.id, title: body.title, members: memberReferences(body.members, 'members') }, callerId, clock());
      res.status(201).json(await presentOneTeam(team, org.role));
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/teams/:teamId',
    route({ params: teamParams }, async ({ params, principal }, res) => {
      const { orgRole, team } = await authorizeTeam(db, params.organizationId, params.teamId, principal.userId, 'read');
      res.json(await presentOneTeam(team, orgRole));
    }),
  );

  router.patch(
    '/v1/orgs/:organizationId/teams/:teamId',
    route({ params: teamParams, body: updateTeamBody }, async ({ params, body, principal }, res) => {
      const callerId = principal.userId;
      const { orgRole, team } = await authorizeTeam(db, params.organizationId, params.teamId, callerId, 'rename');
      const renamed = await renameTeam(db, { organizationId: team.organizationId, teamId: team.id, title: body.title }, callerId, clock());
      if (!renamed) throw teamNotFound(team.id);
      res.json(await presentOneTeam(renamed, orgRole));
    }),
  );

  // 204 when deleted; 404 when there is no such team, as for every delete of something absent (issue #10 A9).
  router.delete(
    '/v1/orgs/:organizationId/teams/:teamId',
    route({ params: teamParams }, async ({ params, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'manageTeams');
      if (!(await deleteTeam(db, { organizationId: org.id, teamId: params.teamId }, clock()))) throw teamNotFound(params.teamId);
      res.status(204).end();
    }),
  );

  router.use(teamMembersRoutes(deps));
  return router;
}

async function presentTeams(teams: TeamSummary[], callerOrgRole: Role) {
  const spaces = await countSpacesOfTeams(teams.map((t) => t.id));
  return teams.map((t) => presentTeam(t, spaces.get(t.id) ?? 0, callerOrgRole));
}

async function presentOneTeam(team: TeamSummary, callerOrgRole: Role) {
  const spaces = await countSpacesOfTeams([team.id]);
  return presentTeam(team, spaces.get(team.id) ?? 0, callerOrgRole);
}
