import { atLeast, contentLevel, forbidden, isRole, notFound, type MembershipResolver, type Role } from '@quire/common';

/**
 * The cap a stored `defaultLevel` puts on members' levels. `inherit` (the default of new
 * content) adds no cap of its own: members keep their organization role.
 */
export function contentCap(defaultLevel: string): Role {
  if (defaultLevel === 'inherit') return 'admin';
  return isRole(defaultLevel) ? defaultLevel : 'read';
}

/** A member's level on a collection or space (ARCHITECTURE.md); null for a non-member. */
export function levelOnContent(role: Role | null, content: { default_level: string }): Role | null {
  return contentLevel(role, contentCap(content.default_level));
}

/**
 * The caller's organization role; a non-member (or an unknown organization) gets the same 404,
 * so ids do not leak.
 */
export async function requireOrganizationRole(
  membership: MembershipResolver,
  organizationId: string,
  userId: string,
  what = `Organization ${organizationId}`,
): Promise<Role> {
  const { role } = await membership.membership(organizationId, userId);
  if (!role) throw notFound(`${what} not found`);
  return role;
}

/** Checks an organization-level action (e.g. creating content needs `create`). */
export async function authorizeInOrganization(membership: MembershipResolver, organizationId: string, userId: string, required: Role): Promise<Role> {
  const role = await requireOrganizationRole(membership, organizationId, userId);
  if (!atLeast(role, required)) throw forbidden(`This needs the ${required} role in the organization`);
  return role;
}

/**
 * The caller's level on a collection or space (ARCHITECTURE.md: role capped by defaultLevel,
 * admins always admin), checked against `required`. Non-members get 404 for the content.
 */
export async function authorizeContent(
  membership: MembershipResolver,
  content: { organization_id: string; default_level: string },
  userId: string,
  required: Role,
  what: string,
): Promise<Role> {
  return (await authorizeContentAccess(membership, content, userId, required, what)).level;
}

/** The same, also answering the caller's organization role (to present other content of it). */
export async function authorizeContentAccess(
  membership: MembershipResolver,
  content: { organization_id: string; default_level: string },
  userId: string,
  required: Role,
  what: string,
): Promise<{ role: Role; level: Role }> {
  const role = await requireOrganizationRole(membership, content.organization_id, userId, what);
  const level = levelOnContent(role, content);
  if (!level) throw notFound(`${what} not found`);
  if (!atLeast(level, required)) throw forbidden(`This needs the ${required} level on this content`);
  return { role, level };
}
