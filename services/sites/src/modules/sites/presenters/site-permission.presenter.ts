import type { PresentedUser } from '@quire/platform/users';
import type { identity } from '@quire/proto';
import type { UrlBuilder } from '@quire/urls';
import type { PersonSiteAccess } from '../domain/site-permissions';
import type { SiteGrant } from '../model/site-permission';

// Reference schemas UserSitePermissionOverride, TeamSitePermissionOverride and UserSitePermission.

function userOf(users: ReadonlyMap<string, PresentedUser>, userId: string, urls: UrlBuilder): PresentedUser {
  return users.get(userId) ?? { object: 'user', id: userId, displayName: 'Unknown user', urls: { location: urls.api(`/users/${userId}`) } };
}

/** Reference OrganizationTeam from identity's answer (GetTeams). */
export function presentTeam(team: identity.TeamEntry) {
  return {
    object: 'team' as const,
    id: team.id,
    title: team.title,
    members: team.members,
    spaces: team.spaces,
    createdAt: team.createdAt,
    permissions: { admin: team.admin, view: team.view },
  };
}

export function presentUserGrant(grant: SiteGrant, users: ReadonlyMap<string, PresentedUser>, urls: UrlBuilder) {
  return { permission: grant.role, user: userOf(users, grant.principal.id, urls) };
}

export function presentTeamGrant(grant: SiteGrant, team: identity.TeamEntry) {
  return { permission: grant.role, team: presentTeam(team) };
}

/** `disabled`: Quire disables no user; `lastSeenAt`: not kept, so left out (optional). */
export function presentUserSiteAccess(person: PersonSiteAccess, users: ReadonlyMap<string, PresentedUser>, urls: UrlBuilder) {
  return { permission: person.level, user: userOf(users, person.userId, urls), origin: person.origin, disabled: false };
}
