import type { Caller, IdentityDeps } from '../../accounts';
import type { TeamMembersPlan } from '../domain/teams';
import { authorizeTeam } from '../policies/team.policy';
import { applyTeamMembersChange } from './apply-team-members-change';

/** Takes a user out of a team (organization admins and the team's owners); nothing changes when they are not in it. */
export async function removeTeamMember(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; teamId: string; userId: string },
): Promise<TeamMembersPlan> {
  const { team } = await authorizeTeam(db, input.organizationId, input.teamId, caller.userId, 'manageMembers');
  const now = clock();
  return db.transaction((tx) => applyTeamMembersChange(tx, team.organizationId, team.id, { add: [], remove: [input.userId], roles: new Map() }, now));
}
