import { atLeast, authorizeLevel, contentAccess, siteReaderScope, type LevelOrigin, type Role } from '@quire/access';
import { forbidden, notFound } from '@quire/errors';
import { authorizeMember, type Membership, type MembershipResolver } from '@quire/platform/membership';
import type { SqlExecutor } from '@quire/platform/sql';
import { findSiteWithCounts } from '../store/sites.store';
import { grantsToPerson } from '../store/site-permissions.store';
import type { Site, SiteWithCounts } from '../model/site';
import type { SiteGrant } from '../model/site-permission';

export type SiteAction = 'read' | 'manage' | 'readShareLinks' | 'manageVisitorAuth' | 'managePermissions';

// The level needed on a site for each action. The level is the caller's on that site (the one
// content rule, contentAccess: the site's default level caps members, grants to them and their
// teams raise it, guests have only their grants). Reading needs `read`; changing, publishing and
// deleting a site (its structure, share links, adaptive schema and customization) needs `create`.
// Reading share links needs it too: they carry the secret keys that open a share-link site.
// Visitor authentication (getSitePublishingAuthById and its writes) answers the site's signing
// key, with which anyone can mint a visitor token of any claims: `admin`, reads included. Who has
// access (the site-permissions operations, listings included: they show members' emails to whoever
// reads them) is the site's admins' business.
const REQUIRED: Record<SiteAction, Role> = {
  read: 'read',
  manage: 'create',
  readShareLinks: 'create',
  manageVisitorAuth: 'admin',
  managePermissions: 'admin',
};

/** Creating a site: the caller's organization role (404 for a non-member, 403 below the role); a guest creates nothing. */
export function authorizeSitesOfOrganization(deps: { membership: MembershipResolver }, orgId: string, userId: string, action: SiteAction): Promise<Role> {
  return authorizeMember(deps.membership, orgId, userId, REQUIRED[action]);
}

/** Whether a person with `level` on a site may take `action` there (what Site.permissions reports). */
export function maySite(level: Role | null, action: SiteAction): boolean {
  return atLeast(level, REQUIRED[action]);
}

/** A person's level on a site, and where it comes from: the site's default level and the grants on it to them and their teams. */
export function siteAccess(
  site: Pick<Site, 'defaultLevel'>,
  orgRole: Role | null,
  grants: readonly Pick<SiteGrant, 'role'>[],
): { level: Role | null; origin: LevelOrigin | null } {
  return contentAccess({ orgRole, chain: [{ defaultLevel: site.defaultLevel, grants: grants.map((grant) => grant.role) }] });
}

/** The caller's level on each of the sites (null: the site is not theirs to see). */
export async function siteLevels(db: SqlExecutor, sites: readonly Site[], userId: string, member: Membership): Promise<Map<string, Role | null>> {
  const grants = await grantsToPerson(
    db,
    sites.map((site) => site.id),
    { userId, teamIds: member.teamIds },
  );
  return new Map(
    sites.map((site) => [
      site.id,
      siteAccess(
        site,
        member.role,
        grants.filter((grant) => grant.siteId === site.id),
      ).level,
    ]),
  );
}

/**
 * Loads a site of the organization and checks the caller's level on it for `action`: 404 when the
 * caller has no level there (a non-member, a site of another organization, a private site), 403
 * below the level the action needs.
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

/** authorizeSite, with the caller's level on the site (for answers that present the caller's permissions). */
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
  const { site, level } = await siteWithLevel(deps, orgId, siteId, userId);
  // No level at all: the same 404 as for a site that does not exist.
  if (!site || !level) throw notFound(`Site ${siteId} not found`);
  return { site, role: authorizeLevel(level, REQUIRED[action], `Site ${siteId}`) };
}

/**
 * The site and the user's level on it (null: none; for an unknown site too). A site reader's
 * token is nobody here: it has no membership and no grant (authorizeSiteAs admits it itself).
 */
export async function siteWithLevel(
  deps: { db: SqlExecutor; membership: Pick<MembershipResolver, 'membership'> },
  orgId: string,
  siteId: string,
  userId: string,
): Promise<{ site: SiteWithCounts | null; level: Role | null }> {
  const member = await deps.membership.membership(orgId, userId);
  const site = await findSiteWithCounts(deps.db, orgId, siteId);
  return { site, level: site ? ((await siteLevels(deps.db, [site], userId, member)).get(site.id) ?? null) : null };
}
