import { authorizeLevel, isRole, type Role } from '@quire/access';
import { notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { findOrganizationForUser, type OrganizationWithRole } from '../store/organizations.store';

/** An organization the caller may act on, with the caller's role in it. */
export type AuthorizedOrganization = OrganizationWithRole & { role: Role };

export type OrganizationAction =
  'read' | 'update' | 'listMembers' | 'listTeams' | 'manageTeams' | 'manageMembers' | 'manageInvites' | 'manageSaml' | 'manageScim';

// Any member reads; only admins change settings, teams, members, invites, SAML providers and SCIM connections.
const REQUIRED: Record<OrganizationAction, Role> = {
  read: 'read',
  listMembers: 'read',
  listTeams: 'read',
  update: 'admin',
  manageTeams: 'admin',
  manageMembers: 'admin',
  manageInvites: 'admin',
  manageSaml: 'admin',
  manageScim: 'admin',
};

/**
 * Loads an organization for the caller and checks the action with the common rule
 * (authorizeLevel): a non-member gets the same 404 as for an organization that does not exist, so
 * ids do not leak; a member without the role gets 403.
 */
export async function authorizeOrganization(db: SqlExecutor, orgId: string, userId: string, action: OrganizationAction): Promise<AuthorizedOrganization> {
  const org = await findOrganizationForUser(db, orgId, userId);
  const what = `Organization ${orgId}`;
  const role = authorizeLevel(org && isRole(org.callerRole) ? org.callerRole : null, REQUIRED[action], what);
  // Unreachable: an organization that does not exist gives no role, which authorizeLevel answered with its 404.
  if (!org) throw notFound(`${what} not found`);
  return { ...org, role };
}
