import { isRole } from '@quire/access';
import { getMembership, type IdentityDeps } from '../../accounts';
import { findTeamSummary } from '../store/teams.store';
import { answerTeams, type TeamAnswer } from './team-answer';

/** Most teams one GetTeams call answers. */
const MAX_TEAMS = 1000;

/** Other services' GetTeams: the organization's teams among `teamIds`, presented for `userId` (unknown ids left out). */
export async function getTeamsForService(deps: IdentityDeps, input: { organizationId: string; teamIds: string[]; userId: string }): Promise<TeamAnswer[]> {
  const ids = [...new Set(input.teamIds)].slice(0, MAX_TEAMS);
  const [found, membership] = await Promise.all([
    Promise.all(ids.map((id) => findTeamSummary(deps.db, input.organizationId, id, input.userId))),
    getMembership(deps, { organizationId: input.organizationId, userId: input.userId }),
  ]);
  const role = isRole(membership.role) ? membership.role : 'read';
  const answers = await answerTeams(
    found.filter((t) => t !== null),
    role,
  );
  return answers;
}
