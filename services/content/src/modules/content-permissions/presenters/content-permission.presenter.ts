import type { Role } from '@quire/access';
import type { PresentedUser } from '@quire/platform/users';
import type { identity } from '@quire/proto';

/** Reference UserContentPermission. */
export function presentUserPermission(item: { role: Role; user: PresentedUser }) {
  return { permission: item.role, user: item.user };
}

/** Reference: an item of listTeamPermissionsInSpace (a MemberRole and an OrganizationTeam, as identity answers it). */
export function presentTeamPermission(item: { role: Role; team: identity.TeamEntry }) {
  const { team } = item;
  return {
    permission: item.role,
    team: {
      object: 'team' as const,
      id: team.id,
      title: team.title,
      members: team.members,
      spaces: team.spaces,
      createdAt: team.createdAt,
      permissions: { admin: team.admin, view: team.view },
    },
  };
}
