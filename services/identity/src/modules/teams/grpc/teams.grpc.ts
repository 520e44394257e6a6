import type { IdentityDeps } from '../../accounts';
import type { AsyncService } from '@quire/platform/grpc';
import type { identity } from '@quire/proto';
import { getTeamsForService } from '../application/get-teams';
import { presentTeam } from '../presenters/team.presenter';

/** The identity service's team calls, bound with accounts' (identityGrpc) by the service wiring. */
export function teamsGrpc(deps: IdentityDeps): Pick<AsyncService<identity.IdentityServer>, 'getTeams'> {
  return {
    getTeams: async ({ organizationId, teamIds, userId }) => {
      const answers = await getTeamsForService(deps, { organizationId, teamIds, userId });
      const teams = answers.map((a) => presentTeam(a.team, a.spaces, a.callerOrgRole));
      return { teams: teams.map(({ id, title, members, spaces, createdAt, permissions }) => ({ id, title, members, spaces, createdAt, ...permissions })) };
    },
  };
}
