import type { Role } from '@quire/access';
import { canManageTeamMembers } from '../policies/team.policy';
import type { TeamSummary } from '../model/team';

/**
 * Reference schema: OrganizationTeam (it has no `urls`). `permissions` are the caller's: every
 * organization member views a team; `admin` (manage the team) holds for organization admins and the team's owners.
 */
export function presentTeam(team: TeamSummary, spaces: number, callerOrgRole: Role) {
  return {
    object: 'team' as const,
    id: team.id,
    title: team.title,
    members: team.memberCount,
    spaces,
    createdAt: team.createdAt.toISOString(),
    permissions: {
      admin: canManageTeamMembers(callerOrgRole, team.callerTeamRole),
      view: true,
    },
  };
}
