// Reference schema TeamMemberRole: an owner can manage the team's members; a member is in the team.
export const TEAM_MEMBER_ROLES = ['owner', 'member'] as const;
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];

/** A member named in a request by user id or e-mail address, with the body field that named them (for the 400). */
export interface MemberReference {
  identifier: string;
  field: string;
}

/** A change of a team's members, every user resolved to a user id. */
export interface TeamMembersChange {
  add: readonly string[];
  remove: readonly string[];
  /** The role each listed user ends with; a listed user who is not in the team joins it. */
  roles: ReadonlyMap<string, TeamMemberRole>;
}

export interface TeamMembersPlan {
  /** Memberships to insert or update. */
  upsert: { userId: string; role: TeamMemberRole }[];
  /** Users who join the team. */
  added: string[];
  /** Users taken out of the team (only those who were in it). */
  removed: string[];
  /** New role of every user who joins or whose role changes. */
  roles: Record<string, TeamMemberRole>;
}

/**
 * What a change does to a team whose members hold `current` roles. A user both added and removed
 * ends removed (reference: updateMembersInOrganizationTeam); a user added without a role is a
 * `member`; adding someone already in the team keeps their role unless `roles` names one.
 */
export function planTeamMembers(current: ReadonlyMap<string, string>, change: TeamMembersChange): TeamMembersPlan {
  const removing = new Set(change.remove);
  const plan: TeamMembersPlan = { upsert: [], added: [], removed: [], roles: {} };
  for (const userId of new Set([...change.add, ...change.roles.keys()])) {
    if (removing.has(userId)) continue;
    const currentRole = current.get(userId);
    const role = change.roles.get(userId) ?? (currentRole === 'owner' ? 'owner' : 'member');
    if (currentRole === role) continue;
    plan.upsert.push({ userId, role });
    plan.roles[userId] = role;
    if (currentRole === undefined) plan.added.push(userId);
  }
  for (const userId of removing) if (current.has(userId)) plan.removed.push(userId);
  return plan;
}

/**
 * Number of spaces each team has access to (OrganizationTeam.spaces). The content service grants
 * teams no access to spaces yet, so every count is truly 0; when it does, answer from its grants
 * here (a projection of its events or a gRPC query) and every team response follows.
 */
export async function countSpacesOfTeams(teamIds: readonly string[]): Promise<Map<string, number>> {
  return new Map(teamIds.map((id) => [id, 0]));
}
