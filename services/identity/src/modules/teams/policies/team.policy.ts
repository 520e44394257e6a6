import { authorizeLevel, type Role } from '@quire/access';
import { conflict, notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { findTeamSummary, type TeamSummary } from '../store/teams.store';
import { authorizeOrganization, type OrganizationAction } from '../../accounts';

export type TeamAction = 'read' | 'rename' | 'manageMembers';

// Any member reads a team; renaming (and deleting, a route of the organization) stays with
// organization admins, checked on the organization before the team is looked up; its members are
// managed at the admin level on the team, which the team's own owners have too.
const ORGANIZATION_ACTION: Record<TeamAction, OrganizationAction> = { read: 'listTeams', rename: 'manageTeams', manageMembers: 'listTeams' };
const REQUIRED: Record<TeamAction, Role> = { read: 'read', rename: 'admin', manageMembers: 'admin' };

/**
 * The caller's level on a team: their organization role, raised to admin for the team's owners
 * (reference TeamMemberRole "owner": can manage team members).
 */
export function levelOnTeam(orgRole: Role | null, teamRole: string | null): Role | null {
  return orgRole && teamRole === 'owner' ? 'admin' : orgRole;
}

/** Who manages a team's members: organization admins, and the team's own owners. */
export function canManageTeamMembers(orgRole: Role | null, teamRole: string | null): boolean {
  return levelOnTeam(orgRole, teamRole) === 'admin';
}

/**
 * Loads a team of the organization for the caller and checks the action with the common rule: a
 * non-member gets the organization's 404, a team that is not in the organization is a 404, a
 * level below the action's is a 403.
 */
export async function authorizeTeam(
  db: SqlExecutor,
  orgId: string,
  teamId: string,
  userId: string,
  action: TeamAction,
): Promise<{ orgRole: Role; team: TeamSummary }> {
  const org = await authorizeOrganization(db, orgId, userId, ORGANIZATION_ACTION[action]);
  const team = await findTeamSummary(db, org.id, teamId, userId);
  if (!team) throw notFound(`Team ${teamId} not found`);
  authorizeLevel(levelOnTeam(org.role, team.callerTeamRole), REQUIRED[action], `Team ${teamId}`);
  if (action === 'manageMembers' && team.provisionedBy === 'scim')
    throw conflict(`Team ${teamId} is provisioned by SCIM: its members follow the identity provider; change them there`);
  return { orgRole: org.role, team };
}
