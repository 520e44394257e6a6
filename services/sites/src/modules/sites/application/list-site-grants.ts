import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { presentUsers, type PresentedUser } from '@quire/platform/users';
import type { UrlBuilder } from '@quire/urls';
import type { identity } from '@quire/proto';
import type { SiteGrant } from '../model/site-permission';
import { authorizeSite } from '../policies/site.policy';
import { listSiteGrantRows } from '../store/site-permissions.store';
import type { SiteRef } from './deps';
import type { SitePermissionDeps } from './write-site-grant';

/** listUserPermissionsInSite: a page of the site's user grants with each user (as identity presents them). */
export async function listUserGrants(
  deps: SitePermissionDeps & { urls: UrlBuilder },
  callerId: string,
  ref: SiteRef,
  page: PageRequest,
): Promise<Paged<SiteGrant> & { users: Map<string, PresentedUser> }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'managePermissions');
  const { rows, total } = await listSiteGrantRows(deps.db, site.id, 'user', page);
  const users = await presentUsers(
    deps.identity(),
    deps.urls,
    rows.map((grant) => grant.principal.id),
  );
  return { rows, total, users };
}

/** listTeamPermissionsInSite: a page of the site's team grants with each team (identity's OrganizationTeam facts). */
export async function listTeamGrants(
  deps: SitePermissionDeps,
  callerId: string,
  ref: SiteRef,
  page: PageRequest,
): Promise<Paged<SiteGrant> & { teams: Map<string, identity.TeamEntry> }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'managePermissions');
  const { rows, total } = await listSiteGrantRows(deps.db, site.id, 'team', page);
  const teamIds = rows.map((grant) => grant.principal.id);
  const { teams } = teamIds.length ? await deps.identity().getTeams({ organizationId: site.organizationId, teamIds, userId: callerId }) : { teams: [] };
  return { rows, total, teams: new Map(teams.map((team) => [team.id, team])) };
}
