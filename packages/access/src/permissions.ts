import { forbidden, notFound } from '@quire/errors';

// The permission rule of docs/architecture.md, kept in one place for every service:
// a member's level on content is their organization role capped by the content's defaultLevel;
// organization admins always have admin; a non-member has no level at all.

export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { admin: 6, create: 5, review: 4, edit: 3, comment: 2, read: 1 };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True when `level` is at least `required`. */
export function atLeast(level: Role | null | undefined, required: Role): boolean {
  return !!level && RANK[level] >= RANK[required];
}

/** The caller's level on a collection or space. */
export function contentLevel(orgRole: Role | null | undefined, defaultLevel: Role): Role | null {
  if (!orgRole) return null;
  if (orgRole === 'admin') return 'admin';
  return RANK[orgRole] <= RANK[defaultLevel] ? orgRole : defaultLevel;
}

/** Organization-level permissions as the reference's Organization.permissions. */
export function organizationPermissions(orgRole: Role | null | undefined): { admin: boolean; createContent: boolean } {
  return { admin: atLeast(orgRole, 'admin'), createContent: atLeast(orgRole, 'create') };
}

/**
 * The one access rule of every service: no level (not a member, unknown or unseen content) is a
 * 404 for `what`, so ids do not leak; a level below `required` is a 403. Services keep only their
 * action → level tables and call this.
 */
export function authorizeLevel(level: Role | null | undefined, required: Role, what: string): Role {
  if (!level) throw notFound(`${what} not found`);
  if (!atLeast(level, required)) throw forbidden(`This needs the ${required} role or higher (you have ${level})`);
  return level;
}
