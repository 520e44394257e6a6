import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { memberParams, type IdentityEntryDeps } from '../../accounts';
import { listMemberTeams } from '../application/list-member-teams';
import { presentTeam } from '../presenters/team.presenter';
import { listMemberTeamsQuery } from './teams.schema';

// Any organization member lists the teams of a member, each with that member's team role (reference TeamMember).
export function memberTeamsRoutes(deps: IdentityEntryDeps): Router {
  const router = Router();
  router.get(
    '/v1/orgs/:organizationId/members/:userId/teams',
    route({ params: memberParams, query: listMemberTeamsQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total } = await listMemberTeams(deps, principal, { ...params, title: query.title, page });
      const items = rows.map(({ answer, memberRole }) => ({
        team: presentTeam(answer.team, answer.spaces, answer.callerOrgRole),
        member: { role: memberRole },
      }));
      res.json(listEnvelope(items, total, page));
    }),
  );
  return router;
}
