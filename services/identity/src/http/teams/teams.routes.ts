import { Router, type Request, type Response } from 'express';
import { listEnvelope, notFound, parseInput, parsePageRequest, type Role } from '@quire/common';
import { countSpacesOfTeams, createTeam, deleteTeam, renameTeam } from '../../domain/teams';
import { authorizeOrganization } from '../../policies/organization.policy';
import { authorizeTeam } from '../../policies/team.policy';
import { presentTeam } from '../../presenters/team.presenter';
import { listTeams, type TeamSummary } from '../../store/teams.store';
import type { IdentityHttpDeps } from '../deps';
import { teamMembersRoutes } from './team-members.routes';
import { createTeamBody, listTeamsQuery, memberReferences, updateTeamBody } from './teams.schema';

type OrgParams = { organizationId: string };
type TeamParams = OrgParams & { teamId: string };

// Any organization member lists and reads teams; only organization admins create, rename and delete them.
export function teamsRoutes(deps: IdentityHttpDeps): Router {
  const { db, clock } = deps;
  const router = Router();

  router.get('/v1/orgs/:organizationId/teams', async (req: Request<OrgParams>, res: Response) => {
    const page = parsePageRequest(req.query);
    const filter = parseInput(listTeamsQuery, req.query, 'query');
    const callerId = req.principal.userId;
    const org = await authorizeOrganization(db, req.params.organizationId, callerId, 'listTeams');
    const { rows, total } = await listTeams(db, org.id, callerId, { owner: filter.owner, title: filter.title }, page);
    res.json(listEnvelope(await presentTeams(rows, org.role), total, page));
  });

  router.put('/v1/orgs/:organizationId/teams', async (req: Request<OrgParams>, res: Response) => {
    const body = parseInput(createTeamBody, req.body ?? {});
    const callerId = req.principal.userId;
    const org = await authorizeOrganization(db, req.params.organizationId, callerId, 'manageTeams');
    const team = await createTeam(db, { organizationId: org.id, title: body.title, members: memberReferences(body.members, 'members') }, callerId, clock());
    res.status(201).json(await presentOneTeam(team, org.role));
  });

  router.get('/v1/orgs/:organizationId/teams/:teamId', async (req: Request<TeamParams>, res: Response) => {
    const { orgRole, team } = await authorizeTeam(db, req.params.organizationId, req.params.teamId, req.principal.userId, 'read');
    res.json(await presentOneTeam(team, orgRole));
  });

  router.patch('/v1/orgs/:organizationId/teams/:teamId', async (req: Request<TeamParams>, res: Response) => {
    const body = parseInput(updateTeamBody, req.body ?? {});
    const callerId = req.principal.userId;
    const { orgRole, team } = await authorizeTeam(db, req.params.organizationId, req.params.teamId, callerId, 'rename');
    const renamed = await renameTeam(db, { organizationId: team.organization_id, teamId: team.id, title: body.title }, callerId, clock());
    if (!renamed) throw notFound(`Team ${team.id} not found`);
    res.json(await presentOneTeam(renamed, orgRole));
  });

  // 204 also when the team is already gone (spec: 204; reference: 204 "the team did not exist").
  router.delete('/v1/orgs/:organizationId/teams/:teamId', async (req: Request<TeamParams>, res: Response) => {
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'manageTeams');
    await deleteTeam(db, { organizationId: org.id, teamId: req.params.teamId }, clock());
    res.status(204).end();
  });

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
