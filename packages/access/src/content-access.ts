import { atLeast, type Role } from './permissions';

// The content permission rule (docs/permissions.md), the one answer to "what level has this
// person on this space, collection or site". Pure: callers load the facts (the person's
// organization role, the content's chain of default levels, the grants to them and their teams)
// and ask here; no service computes a level any other way.

/**
 * A piece of content's default level for the organization's members (reference `DefaultLevel`):
 * a role caps members at it, `null` gives members nothing (the content is private to its grants),
 * `inherit` follows the parent collection, then the organization (no cap).
 */
export type DefaultLevel = Role | null | 'inherit';

/** One node of the chain: the content itself first, then each parent collection up to the top. */
export interface AccessNode {
  defaultLevel: DefaultLevel;
  /** The roles granted on this node to the person and to each team they belong to. */
  grants: readonly Role[];
}

export interface ContentAccessFacts {
  /** The person's organization role; null for a guest or someone outside the organization. */
  orgRole: Role | null;
  chain: readonly AccessNode[];
}

/** Where an effective level came from (the aggregate permission listings show it). */
export type LevelOrigin = 'organization' | 'default' | 'grant';

const ORDER: readonly Role[] = ['read', 'comment', 'edit', 'review', 'create', 'admin'];

/** The higher of two levels (null is below every role). */
export function higherLevel(a: Role | null, b: Role | null): Role | null {
  if (!a) return b;
  if (!b) return a;
  return atLeast(a, b) ? a : b;
}

/** The lower of two roles. */
export function lowerLevel(a: Role, b: Role): Role {
  return atLeast(a, b) ? b : a;
}

/** The first default level on the chain that is not `inherit`; `inherit` when every node inherits. */
export function effectiveDefaultLevel(chain: readonly Pick<AccessNode, 'defaultLevel'>[]): DefaultLevel {
  for (const node of chain) if (node.defaultLevel !== 'inherit') return node.defaultLevel;
  return 'inherit';
}

/**
 * The level a member's organization role gives on content: admins are admin everywhere; others
 * keep their role capped by the effective default level; a `null` default gives them nothing.
 */
export function memberBaseLevel(orgRole: Role | null, chain: readonly Pick<AccessNode, 'defaultLevel'>[]): Role | null {
  if (!orgRole) return null;
  if (orgRole === 'admin') return 'admin';
  const cap = effectiveDefaultLevel(chain);
  if (cap === 'inherit') return orgRole;
  return cap === null ? null : lowerLevel(orgRole, cap);
}

/**
 * A person's level on content with where it came from: the member's base level, raised by the
 * highest grant to them or their teams on the content or any collection above it (a collection's
 * grants reach everything inside). A guest (no organization role) has only their grants. Null:
 * no access at all (the content is a 404 to them).
 */
export function contentAccess(facts: ContentAccessFacts): { level: Role | null; origin: LevelOrigin | null } {
  const base = memberBaseLevel(facts.orgRole, facts.chain);
  let granted: Role | null = null;
  for (const node of facts.chain) for (const role of node.grants) granted = higherLevel(granted, role);
  if (granted && (!base || (granted !== base && atLeast(granted, base)))) return { level: granted, origin: 'grant' };
  if (!base) return { level: null, origin: null };
  const capped = facts.orgRole !== 'admin' && effectiveDefaultLevel(facts.chain) !== 'inherit' && base !== facts.orgRole;
  return { level: base, origin: capped ? 'default' : 'organization' };
}

/** contentAccess's level alone. */
export function effectiveLevel(facts: ContentAccessFacts): Role | null {
  return contentAccess(facts).level;
}

/** Every role, lowest first (for tables and property tests). */
export const ROLES_ASCENDING = ORDER;
