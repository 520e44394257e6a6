import type { PageRequest } from '@quire/input';
import { presentUsers, type PresentedUser } from '@quire/platform/users';
import type { UrlBuilder } from '@quire/urls';
import { filterAndSortAccess, originOf, type AggregateFilter, type PersonSiteAccess } from '../domain/site-permissions';
import type { SiteWithCounts } from '../model/site';
import type { SiteGrant } from '../model/site-permission';
import { authorizeSite, siteAccess } from '../policies/site.policy';
import { listAllSiteGrants } from '../store/site-permissions.store';
import type { SiteRef } from './deps';
import type { SitePermissionDeps } from './write-site-grant';

/**
 * listPermissionsAggregateInSite: the people invited to the site, each with their level on it as
 * the rule gives it (their organization role, the site's default level, their grant or a team's)
 * and where it comes from. Members who reach the site only through their organization role or a
 * team are not enumerated: identity answers memberships one person at a time.
 */
export async function listSiteAccess(
  deps: SitePermissionDeps & { urls: UrlBuilder },
  callerId: string,
  ref: SiteRef,
  filter: AggregateFilter,
  page: PageRequest,
): Promise<{ rows: PersonSiteAccess[]; total: number; users: Map<string, PresentedUser> }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'managePermissions');
  const grants = await listAllSiteGrants(deps.db, site.id);
  const people = await accessOfInvited(deps, site, grants);
  const users = await presentUsers(
    deps.identity(),
    deps.urls,
    people.map((person) => person.userId),
  );
  const kept = filterAndSortAccess(people, users, filter);
  return { rows: kept.slice(page.offset, page.offset + page.limit), total: kept.length, users };
}

async function accessOfInvited(deps: SitePermissionDeps, site: SiteWithCounts, grants: readonly SiteGrant[]): Promise<PersonSiteAccess[]> {
  const teamGrants = grants.filter((grant) => grant.principal.kind === 'team');
  const people: PersonSiteAccess[] = [];
  for (const grant of grants) {
    if (grant.principal.kind !== 'user') continue;
    const userId = grant.principal.id;
    const member = await deps.membership.membership(site.organizationId, userId);
    const ofTeams = teamGrants.filter((team) => member.teamIds.includes(team.principal.id));
    const { level, origin } = siteAccess(site, member.role, [grant, ...ofTeams]);
    if (!level || !origin) continue;
    people.push({
      userId,
      orgRole: member.role,
      teamIds: member.teamIds,
      level,
      origin: originOf(site, level, origin, [grant], ofTeams),
      since: grant.createdAt,
    });
  }
  return people;
}
