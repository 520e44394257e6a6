import { atLeast, ROLES, type Role } from '@quire/access';
import { scimBadRequest } from './scim-errors';
import { attributeOf } from './scim-match';

type Resource = Record<string, unknown>;

/** What Quire takes from a SCIM User: the account it is matched to and whether it is a member. */
export interface ProvisionedUser {
  userName: string;
  email: string | null;
  displayName: string | undefined;
  active: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The primary e-mail, else the first, else userName when it is an address (Okta's default). */
function emailOf(resource: Resource, userName: string): string | null {
  const emails = attributeOf(resource, 'emails');
  const list = Array.isArray(emails) ? emails.filter((e): e is Resource => e !== null && typeof e === 'object') : [];
  const chosen = list.find((e) => attributeOf(e, 'primary') === true) ?? list[0];
  const value = chosen ? attributeOf(chosen, 'value') : undefined;
  if (typeof value === 'string' && EMAIL.test(value)) return value.toLowerCase();
  return EMAIL.test(userName) ? userName.toLowerCase() : null;
}

function displayNameOf(resource: Resource): string | undefined {
  const display = attributeOf(resource, 'displayName');
  if (typeof display === 'string' && display.trim()) return display.trim();
  const name = attributeOf(resource, 'name');
  const formatted = attributeOf(name, 'formatted');
  if (typeof formatted === 'string' && formatted.trim()) return formatted.trim();
  const parts = [attributeOf(name, 'givenName'), attributeOf(name, 'familyName')].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return parts.length ? parts.join(' ') : undefined;
}

/** `active` as a boolean: Entra sends "True"/"False" strings in PATCH values. */
function activeOf(resource: Resource): boolean {
  const active = attributeOf(resource, 'active');
  if (active === undefined || active === null) return true;
  if (typeof active === 'boolean') return active;
  if (typeof active === 'string' && /^(true|false)$/i.test(active)) return active.toLowerCase() === 'true';
  throw scimBadRequest('invalidValue', 'Attribute "active" must be a boolean');
}

/** Reads a User resource; a 400 `invalidValue` naming `userName` when it is missing. */
export function provisionedUserOf(resource: Resource): ProvisionedUser {
  const userName = attributeOf(resource, 'userName');
  if (typeof userName !== 'string' || userName.trim() === '') throw scimBadRequest('invalidValue', 'Attribute "userName" is required');
  return { userName: userName.trim(), email: emailOf(resource, userName.trim()), displayName: displayNameOf(resource), active: activeOf(resource) };
}

/** The attributes kept for a resource: what the client sent, without what the server owns (id, meta). */
export function storedAttributes(resource: Resource): Resource {
  const kept: Resource = {};
  for (const [key, value] of Object.entries(resource)) {
    const lower = key.toLowerCase();
    if (lower === 'id' || lower === 'meta' || lower === 'schemas' || value === null) continue;
    kept[key] = value;
  }
  const active = attributeOf(kept, 'active');
  if (typeof active === 'string') kept[Object.keys(kept).find((k) => k.toLowerCase() === 'active') as string] = active.toLowerCase() === 'true';
  return kept;
}

/**
 * A provisioned user's organization role: the connection's default, raised by the role each of
 * their groups maps to (the highest wins).
 */
export function provisionedRole(defaultRole: Role, groupRoles: Readonly<Record<string, string>>, groupNames: readonly string[]): Role {
  let role = defaultRole;
  for (const name of groupNames) {
    const mapped = groupRoles[name];
    if (mapped && (ROLES as readonly string[]).includes(mapped) && atLeast(mapped as Role, role)) role = mapped as Role;
  }
  return role;
}
