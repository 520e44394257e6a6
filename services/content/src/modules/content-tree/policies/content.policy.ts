import { authorizeLevel, contentLevel, isRole, type Role } from '@quire/access';
import { authorizeMember, type MembershipResolver } from '@quire/platform/membership';

/**
 * The cap a stored `defaultLevel` puts on members' levels. `inherit` (the default of new
 * content) adds no cap of its own: members keep their organization role.
 */
export function contentCap(defaultLevel: string): Role {
  if (defaultLevel === 'inherit') return 'admin';
  return isRole(defaultLevel) ? defaultLevel : 'read';
}

/** A member's level on a collection or space (docs/architecture.md, permissions); null for a non-member. */
export function levelOnContent(role: Role | null, content: { defaultLevel: string }): Role | null {
  return contentLevel(role, contentCap(content.defaultLevel));
}

export type OrganizationAction = 'read' | 'createContent' | 'manageCustomFields' | 'receiveTransfer';

// Any member lists content and custom fields; creating collections and spaces (and duplicating a
// space) needs the `create` role; custom field definitions and taking in transferred content
// need `admin` of the organization.
const REQUIRED: Record<OrganizationAction, Role> = {
  read: 'read',
  createContent: 'create',
  manageCustomFields: 'admin',
  receiveTransfer: 'admin',
};

/** The caller's organization role checked for `action` (the common rule: 404 for a non-member, 403 below the role). */
export function authorizeInOrganization(membership: MembershipResolver, organizationId: string, userId: string, action: OrganizationAction): Promise<Role> {
  return authorizeMember(membership, organizationId, userId, REQUIRED[action]);
}

/**
 * The caller's level on a collection or space (docs/architecture.md: role capped by defaultLevel,
 * admins always admin) checked against `required` with the common rule: a non-member gets 404
 * for `what`, a level below `required` 403. Answers the organization role too (to present other
 * content of it).
 */
export async function authorizeContent(
  membership: MembershipResolver,
  content: { organizationId: string; defaultLevel: string },
  userId: string,
  required: Role,
  what: string,
): Promise<{ role: Role; level: Role }> {
  const role = await authorizeMember(membership, content.organizationId, userId, 'read', what);
  const level = authorizeLevel(levelOnContent(role, content), required, what);
  return { role, level };
}
