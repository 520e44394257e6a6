import { atLeast, authorizeLevel, siteReaderScope, type Role } from '@quire/access';
import { forbidden, notFound } from '@quire/errors';
import { authorizeMember, type MembershipResolver } from '@quire/platform/membership';
import type { SqlExecutor } from '@quire/platform/sql';
import { findSiteWithCounts } from '../store/sites.store';
import type { SiteWithCounts } from '../model/site';

export type SiteAction = 'read' | 'manage' | 'readShareLinks' | 'manageVisitorAuth';

// Any member reads sites; creating, changing, publishing and deleting them (and their structure,
// share links, adaptive schema and customization) needs the `create` role. Reading share links
// needs it too: they carry the secret keys that open a share-link site. Visitor authentication
// (getSitePublishingAuthById and its writes) answers the site's signing key, with which anyone can
// mint a visitor token of any claims: admins only, reads included.
const REQUIRED: Record<SiteAction, Role> = { read: 'read', manage: 'create', readShareLinks: 'create', manageVisitorAuth: 'admin' };

/** The caller's organization role checked against `action` (the common rule: 404 for a non-member, 403 below the role). */
export function authorizeSitesOfOrganization(deps: { membership: MembershipResolver }, orgId: string, userId: string, action: SiteAction): Promise<Role> {
  return authorizeMember(deps.membership, orgId, userId, REQUIRED[action]);
}

/** Whether a member with `role` may take `action` on the organization's sites (what Site.permissions reports). */
export function maySite(role: Role | null, action: SiteAction): boolean {
  return atLeast(role, REQUIRED[action]);
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
  return (await authorizeSiteAs(deps, orgId, siteId, userId, action)).site;
}

/** authorizeSite, with the caller's role (for answers that present the caller's permissions). */
export async function authorizeSiteAs(
  deps: { db: SqlExecutor; membership: MembershipResolver },
  orgId: string,
  siteId: string,
  userId: string,
  action: SiteAction,
): Promise<{ site: SiteWithCounts; role: Role }> {
  // A site reader (its published apiToken) reads its own site (profile, redirects, search) and nothing else.
  const reader = siteReaderScope(userId);
  if (reader) {
    const site = reader.siteId === siteId && reader.organizationId === orgId ? await findSiteWithCounts(deps.db, orgId, siteId) : null;
    if (!site) throw notFound(`Site ${siteId} not found`);
    if (action !== 'read') throw forbidden(`A site API token may only read site ${siteId}`);
    return { site, role: 'read' };
  }
  const { role } = await deps.membership.membership(orgId, userId);
  const site = role ? await findSiteWithCounts(deps.db, orgId, siteId) : null;
  // A non-member does not look the site up: the same 404 as for a site that does not exist.
  if (!site) throw notFound(`Site ${siteId} not found`);
  return { site, role: authorizeLevel(role, REQUIRED[action], `Site ${siteId}`) };
}
