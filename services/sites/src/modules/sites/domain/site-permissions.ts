import type { LevelOrigin, Role } from '@quire/access';
import type { SiteGrant } from '../model/site-permission';

// The aggregate of a site's permissions (listPermissionsAggregateInSite): who can access the site,
// at which level and why. Pure: the application loads grants and memberships, then asks here.

/** Reference UserSitePermissionOrigin. */
export type SitePermissionOrigin =
  | { type: 'organization'; organization: string }
  | { type: 'site'; site: string; reason: 'member' | 'default' }
  | { type: 'site'; site: string; reason: 'team'; team: string };

/** One person's access to the site, as the rule answered it. */
export interface PersonSiteAccess {
  userId: string;
  /** Their organization role; null for a guest. */
  orgRole: Role | null;
  teamIds: readonly string[];
  level: Role;
  origin: SitePermissionOrigin;
  /** When they were first granted something on the site (the listing's `joinedAt`). */
  since: Date;
}

/**
 * The reference origin of a level the rule gave (`origin`): the organization role, the site's
 * default level, or the grant that set it (the person's own before a team's).
 */
export function originOf(
  site: { id: string; organizationId: string },
  level: Role,
  origin: LevelOrigin,
  own: readonly SiteGrant[],
  ofTeams: readonly SiteGrant[],
): SitePermissionOrigin {
  if (origin === 'organization') return { type: 'organization', organization: site.organizationId };
  if (origin === 'default') return { type: 'site', site: site.id, reason: 'default' };
  const team = own.some((grant) => grant.role === level) ? undefined : ofTeams.find((grant) => grant.role === level);
  return team ? { type: 'site', site: site.id, reason: 'team', team: team.principal.id } : { type: 'site', site: site.id, reason: 'member' };
}

export interface AggregateFilter {
  /** A role, or `guest`: people without an organization role. */
  role?: Role | 'guest';
  /** Contained (any case) in the display name or the email. */
  search?: string;
  /** Only members of this team. */
  team?: string;
  sort: 'joinedAt' | 'lastSeenAt' | 'name';
  order: 'asc' | 'desc';
}

/** The people matching the filter, sorted (Quire keeps no last-seen time: `lastSeenAt` sorts as `joinedAt`). */
export function filterAndSortAccess<T extends PersonSiteAccess>(
  people: readonly T[],
  names: ReadonlyMap<string, { displayName: string; email?: string }>,
  filter: AggregateFilter,
): T[] {
  const needle = filter.search?.toLowerCase();
  const kept = people.filter((person) => {
    if (filter.role === 'guest' ? person.orgRole !== null : filter.role !== undefined && person.level !== filter.role) return false;
    if (filter.team !== undefined && !person.teamIds.includes(filter.team)) return false;
    if (needle === undefined) return true;
    const user = names.get(person.userId);
    return (user?.displayName.toLowerCase().includes(needle) ?? false) || (user?.email?.toLowerCase().includes(needle) ?? false);
  });
  const key = (person: T) => (filter.sort === 'name' ? (names.get(person.userId)?.displayName ?? '') : person.since.toISOString());
  const sign = filter.order === 'asc' ? 1 : -1;
  return kept.sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.userId < b.userId ? -1 : 1));
}
