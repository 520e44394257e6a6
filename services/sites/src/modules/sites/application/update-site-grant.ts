import type { Role } from '@quire/access';
import { notFound } from '@quire/errors';
import type { SitePrincipal } from '../model/site-permission';
import { authorizeSite } from '../policies/site.policy';
import { findSiteGrant } from '../store/site-permissions.store';
import type { SiteRef } from './deps';
import { writeSiteGrant, type SitePermissionDeps } from './write-site-grant';

/**
 * updateUserPermissionInSite / updateTeamPermissionInSite: changes the role of a user or team
 * already on the site (404 otherwise: inviteToSite adds them). No role: nothing to change.
 */
export async function updateSiteGrant(
  deps: SitePermissionDeps,
  callerId: string,
  ref: SiteRef,
  principal: SitePrincipal,
  role: Role | undefined,
  now: Date,
): Promise<void> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'managePermissions');
  await deps.db.transaction(async (tx) => {
    if (!(await findSiteGrant(tx, site.id, principal))) throw notFound(`No ${principal.kind} ${principal.id} in site ${site.id}`);
    if (role) await writeSiteGrant(tx, site, principal, role, now);
  });
}

/** removeUserFromSite / removeTeamFromSite: removes the grant; false when there was none. */
export async function removeSiteGrant(deps: SitePermissionDeps, callerId: string, ref: SiteRef, principal: SitePrincipal, now: Date): Promise<boolean> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'managePermissions');
  return deps.db.transaction((tx) => writeSiteGrant(tx, site, principal, null, now));
}
