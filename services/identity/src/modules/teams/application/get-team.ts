import type { Caller, IdentityDeps } from '../../accounts';
import { authorizeTeam } from '../policies/team.policy';
import { answerTeam, type TeamAnswer } from './team-answer';

/** One team of an organization (any member reads it). */
export async function getTeam({ db }: IdentityDeps, caller: Caller, input: { organizationId: string; teamId: string }): Promise<TeamAnswer> {
  const { orgRole, team } = await authorizeTeam(db, input.organizationId, input.teamId, caller.userId, 'read');
  return answerTeam(team, orgRole);
}
