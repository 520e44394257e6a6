import { notFound } from '@quire/errors';
import type { Caller, IdentityDeps } from '../../accounts';
import type { TeamMemberRole, TeamMembersPlan } from '../domain/teams';
import { authorizeTeam } from '../policies/team.policy';
import { findMembersByIdentifiers } from '../store/teams.store';
import { applyTeamMembersChange } from './apply-team-members-change';

/**
 * Adds one organization member to a team or changes their role (organization admins and the
 * team's owners); the role stays when none is given.
 */
export async function setTeamMember(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; teamId: string; userId: string; role?: TeamMemberRole },
): Promise<TeamMembersPlan> {
  const { team } = await authorizeTeam(db, input.organizationId, input.teamId, caller.userId, 'manageMembers');
  const orgId = team.organizationId;
  const now = clock();
  return db.transaction(async (tx) => {
    const found = await findMembersByIdentifiers(tx, orgId, [input.userId]);
    if (!found.some((m) => m.userId === input.userId)) throw notFound(`User ${input.userId} is not a member of this organization`);
    const roles = new Map<string, TeamMemberRole>(input.role ? [[input.userId, input.role]] : []);
    return applyTeamMembersChange(tx, orgId, team.id, { add: [input.userId], remove: [], roles }, now);
  });
}
