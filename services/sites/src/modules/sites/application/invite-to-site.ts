import type { Role } from '@quire/access';
import { notFound } from '@quire/errors';
import type { SitePrincipal } from '../model/site-permission';
import { authorizeSite } from '../policies/site.policy';
import type { SiteRef } from './deps';
import { writeSiteGrant, type SitePermissionDeps } from './write-site-grant';

export interface SiteInvitation {
  /** Null removes the grants of those invited (a null grant would give nothing). */
  role: Role | null;
  users: readonly string[];
  teams: readonly string[];
}

/**
 * inviteToSite: grants `role` on the site to each user and team, in one transaction. Users are any
 * user identity knows (someone outside the organization becomes its guest through identity); teams
 * must be the organization's. Either unknown is a 404 and nothing changes.
 */
export async function inviteToSite(deps: SitePermissionDeps, callerId: string, ref: SiteRef, invitation: SiteInvitation, now: Date): Promise<void> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'managePermissions');
  await requireUsersAndTeams(deps, site.organizationId, callerId, invitation);
  const principals: SitePrincipal[] = [
    ...invitation.users.map((id) => ({ kind: 'user' as const, id })),
    ...invitation.teams.map((id) => ({ kind: 'team' as const, id })),
  ];
  await deps.db.transaction(async (tx) => {
    for (const principal of principals) await writeSiteGrant(tx, site, principal, invitation.role, now);
  });
}

async function requireUsersAndTeams(deps: SitePermissionDeps, organizationId: string, callerId: string, invitation: SiteInvitation): Promise<void> {
  const users = [...new Set(invitation.users)];
  const teams = [...new Set(invitation.teams)];
  if (users.length) {
    const found = new Set((await deps.identity().getUsers({ userIds: users })).users.map((user) => user.id));
    const missing = users.find((id) => !found.has(id));
    if (missing) throw notFound(`No user with the id ${missing}`);
  }
  if (teams.length) {
    const found = new Set((await deps.identity().getTeams({ organizationId, teamIds: teams, userId: callerId })).teams.map((team) => team.id));
    const missing = teams.find((id) => !found.has(id));
    if (missing) throw notFound(`No team with the id ${missing} in organization ${organizationId}`);
  }
}
