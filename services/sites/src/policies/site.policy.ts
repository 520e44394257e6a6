import { atLeast, forbidden, notFound, type MembershipResolver, type Role, type SqlExecutor } from '@quire/common';
import { findSiteWithCounts, type SiteWithCounts } from '../store/sites.store';

export type SiteAction = 'read' | 'manage';

// Any member reads sites; creating, changing, publishing and deleting them (and their structure,
// share links and adaptive schema) needs the `create` role.
const REQUIRED: Record<SiteAction, Role> = { read: 'read', manage: 'create' };

/**
 * The caller's organization role checked against `action`. A non-member (or an unknown
 * organization) gets the same 404, so ids do not leak; a member without the role gets 403.
 */
export async function authorizeSitesOfOrganization(deps: { membership: MembershipResolver }, orgId: string, userId: string, action: SiteAction): Promise<Role> {
  const { role } = await deps.membership.membership(orgId, userId);
  if (!role) throw notFound(`Organization ${orgId} not found`);
  if (!atLeast(role, REQUIRED[action])) throw forbidden(`Only organization members with the ${REQUIRED[action]} role can do this`);
  return role;
}

/**
 * Loads a site of the organization and checks the caller's role for `action`: 404 for a
 * non-member or a site of another organization, 403 for a member without the role.
 */
export async function authorizeSite(
  deps: { db: SqlExecutor; membership: MembershipResolver },
  orgId: string,
  siteId: string,
  userId: string,
  action: SiteAction,
): Promise<SiteWithCounts> {
  const { role } = await deps.membership.membership(orgId, userId);
  const site = role ? await findSiteWithCounts(deps.db, orgId, siteId) : null;
  if (!role || !site) throw notFound(`Site ${siteId} not found`);
  if (!atLeast(role, REQUIRED[action])) throw forbidden(`Only organization members with the ${REQUIRED[action]} role can manage sites`);
  return site;
}
