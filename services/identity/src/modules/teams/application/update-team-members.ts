import type { Caller, IdentityDeps } from '../../accounts';
import type { MemberReference, TeamMemberRole, TeamMembersChange, TeamMembersPlan } from '../domain/teams';
import { authorizeTeam } from '../policies/team.policy';
import { applyTeamMembersChange, resolveMembers } from './apply-team-members-change';

/**
 * Adds, removes and re-roles team members in one transaction (organization admins and the team's
 * owners): when any named user is not a member of the organization the request fails with a 400
 * naming that field and nothing changes.
 */
export async function updateTeamMembers(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; teamId: string; add: MemberReference[]; remove: MemberReference[]; roles: (MemberReference & { role: TeamMemberRole })[] },
): Promise<TeamMembersPlan> {
  const { team } = await authorizeTeam(db, input.organizationId, input.teamId, caller.userId, 'manageMembers');
  const orgId = team.organizationId;
  const now = clock();
  return db.transaction(async (tx) => {
    // Resolved in body order, so the 400 names the first field that is wrong.
    const add = await resolveMembers(tx, orgId, input.add);
    const remove = await resolveMembers(tx, orgId, input.remove);
    const roles = await resolveMembers(tx, orgId, input.roles);
    const change: TeamMembersChange = {
      add: add.map((m) => m.userId),
      remove: remove.map((m) => m.userId),
      roles: new Map(roles.map((m) => [m.userId, m.role])),
    };
    return applyTeamMembersChange(tx, orgId, team.id, change, now);
  });
}
