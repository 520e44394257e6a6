import type { PageRequest } from '@quire/input';
import { organizationPeople } from '@quire/platform/membership';
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
 * listPermissionsAggregateInSite: everyone who can access the site — members through their
 * organization role or the site's default level, their grant or a team's, guests through their
 * grants — each with their level as the rule gives it and where it comes from.
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
  const people = await accessOfPeople(deps, site, grants);
  const users = await presentUsers(
    deps.identity(),
    deps.urls,
    people.map((person) => person.userId),
  );
  const kept = filterAndSortAccess(people, users, filter);
  return { rows: kept.slice(page.offset, page.offset + page.limit), total: kept.length, users };
}

/** Each person of the organization who reaches the site, with their level by the rule and where it comes from. */
async function accessOfPeople(deps: SitePermissionDeps, site: SiteWithCounts, grants: readonly SiteGrant[]): Promise<PersonSiteAccess[]> {
  const teamGrants = grants.filter((grant) => grant.principal.kind === 'team');
  const granted = grants.flatMap((grant) => (grant.principal.kind === 'user' ? [grant.principal.id] : []));
  const people = await organizationPeople(deps.identity(), deps.membership, site.organizationId, granted);
  return people.flatMap((person): PersonSiteAccess[] => {
    const own = grants.filter((grant) => grant.principal.kind === 'user' && grant.principal.id === person.userId);
    const ofTeams = teamGrants.filter((team) => person.teamIds.includes(team.principal.id));
    const { level, origin } = siteAccess(site, person.orgRole, [...own, ...ofTeams]);
    if (!level || !origin) return [];
    const since = own[0]?.createdAt ?? person.joinedAt ?? new Date(0);
    return [{ ...person, level, origin: originOf(site, level, origin, own, ofTeams), since }];
  });
}
