import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { orgParams, type IdentityEntryDeps } from '../../accounts';
import { createTeam } from '../application/create-team';
import { deleteTeam } from '../application/delete-team';
import { getTeam } from '../application/get-team';
import { listTeams } from '../application/list-teams';
import { renameTeam } from '../application/rename-team';
import type { TeamAnswer } from '../application/team-answer';
import { presentTeam } from '../presenters/team.presenter';
import { teamParams } from './params.schema';
import { memberTeamsRoutes } from './member-teams.routes';
import { teamMembersRoutes } from './team-members.routes';
import { createTeamBody, listTeamsQuery, memberReferences, updateTeamBody } from './teams.schema';

const present = ({ team, spaces, callerOrgRole }: TeamAnswer) => presentTeam(team, spaces, callerOrgRole);

// Any organization member lists and reads teams; only organization admins create, rename and delete them.
export function teamsRoutes(deps: IdentityEntryDeps): Router {
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/teams',
    route({ params: orgParams, query: listTeamsQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const filter = { owner: query.owner, title: query.title };
      const { rows, total } = await listTeams(deps, principal, { organizationId: params.organizationId, filter, page });
      res.json(listEnvelope(rows.map(present), total, page));
    }),
  );

  router.put(
    '/v1/orgs/:organizationId/teams',
    route({ params: orgParams, body: createTeamBody }, async ({ params, body, principal }, res) => {
      const input = { organizationId: params.organizationId, title: body.title, members: memberReferences(body.members, 'members') };
      res.status(201).json(present(await createTeam(deps, principal, input)));
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/teams/:teamId',
    route({ params: teamParams }, async ({ params, principal }, res) => {
      res.json(present(await getTeam(deps, principal, params)));
    }),
  );

  router.patch(
    '/v1/orgs/:organizationId/teams/:teamId',
    route({ params: teamParams, body: updateTeamBody }, async ({ params, body, principal }, res) => {
      res.json(present(await renameTeam(deps, principal, { ...params, title: body.title })));
    }),
  );

  // 204 when deleted; 404 when there is no such team, as for every delete of something absent.
  router.delete(
    '/v1/orgs/:organizationId/teams/:teamId',
    route({ params: teamParams }, async ({ params, principal }, res) => {
      await deleteTeam(deps, principal, params);
      res.status(204).end();
    }),
  );

  router.use(teamMembersRoutes(deps));
  router.use(memberTeamsRoutes(deps));
  return router;
}
