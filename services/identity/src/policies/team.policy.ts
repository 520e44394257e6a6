import { notFound, forbidden, type Role, type SqlExecutor } from '@quire/common';
import { findTeamSummary, type TeamSummary } from '../store/teams.store';
import { authorizeOrganization } from './organization.policy';

export type TeamAction = 'read' | 'rename' | 'manageMembers';

/**
 * Who manages a team's members: organization admins, and the team's own owners (reference
 * TeamMemberRole "owner": can manage team members). Renaming and deleting teams stays with admins.
 */
export function canManageTeamMembers(orgRole: Role | null, teamRole: string | null): boolean {
  return orgRole === 'admin' || teamRole === 'owner';
}

/**
 * Loads a team of the organization for the caller and checks the action: any member reads (a
 * non-member gets the organization's 404), only admins rename (403), admins and the team's owners
 * manage its members (403); a team that is not in the organization is a 404.
 */
export async function authorizeTeam(
  db: SqlExecutor,
  orgId: string,
  teamId: string,
  userId: string,
  action: TeamAction,
): Promise<{ orgRole: Role; team: TeamSummary }> {
  const org = await authorizeOrganization(db, orgId, userId, action === 'rename' ? 'manageTeams' : 'listTeams');
  const team = await findTeamSummary(db, org.id, teamId, userId);
  if (!team) throw notFound(`Team ${teamId} not found`);
  if (action === 'manageMembers' && !canManageTeamMembers(org.role, team.caller_team_role)) {
    throw forbidden('Only organization admins and owners of this team can manage its members');
  }
  return { orgRole: org.role, team };
}
