import type { ScimGroupRecord, ScimUserRecord } from '../model/scim-connection';
import { scimBadRequest } from './scim-errors';
import { parseFilter } from './scim-filter';
import { matchesFilter } from './scim-match';
import { GROUP_SCHEMA, LIST_SCHEMA, MAX_RESULTS, USER_SCHEMA } from './scim-schemas';

export type ScimResource = Record<string, unknown>;

const meta = (resourceType: 'User' | 'Group', record: { createdAt: Date; updatedAt: Date }, location: string) => ({
  resourceType,
  created: record.createdAt.toISOString(),
  lastModified: record.updatedAt.toISOString(),
  location,
});

/**
 * A User as the SCIM service answers it (RFC 7643 §4.1): what the provider sent, the server's id
 * and meta. `active` is answered as sent; a User without it is active.
 */
export function userRepresentation(user: ScimUserRecord, baseUrl: string): ScimResource {
  return {
    schemas: [USER_SCHEMA],
    ...user.resource,
    id: user.userId,
    meta: meta('User', user, `${baseUrl}/Users/${user.userId}`),
  };
}

/** A Group (RFC 7643 §4.2): members are the team's members. */
export function groupRepresentation(group: ScimGroupRecord, baseUrl: string): ScimResource {
  const members = group.memberIds.map((value) => ({ value, $ref: `${baseUrl}/Users/${value}`, type: 'User' }));
  return {
    schemas: [GROUP_SCHEMA],
    ...group.resource,
    id: group.teamId,
    displayName: group.displayName,
    ...(members.length ? { members } : {}),
    meta: meta('Group', group, `${baseUrl}/Groups/${group.teamId}`),
  };
}

/** A list query (RFC 7644 §3.4.2): filter, 1-based startIndex, count. */
export interface ScimListQuery {
  filter?: string;
  startIndex?: number;
  count?: number;
}

/** Filters and pages representations into a ListResponse (RFC 7644 §3.4.2.4). */
export function listResponse(resources: readonly ScimResource[], query: ScimListQuery): ScimResource & { Resources: ScimResource[] } {
  const filter = query.filter === undefined || query.filter.trim() === '' ? null : parseFilter(query.filter);
  const matching = filter ? resources.filter((r) => matchesFilter(r, filter)) : resources;
  const startIndex = Math.max(1, Math.trunc(query.startIndex ?? 1));
  const count = Math.min(MAX_RESULTS, Math.max(0, Math.trunc(query.count ?? MAX_RESULTS)));
  const page = matching.slice(startIndex - 1, startIndex - 1 + count);
  return { schemas: [LIST_SCHEMA], totalResults: matching.length, startIndex, itemsPerPage: page.length, Resources: page };
}

/** An integer query parameter of a list (startIndex, count); a 400 `invalidValue` otherwise. */
export function listNumber(raw: unknown, name: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw scimBadRequest('invalidValue', `Parameter "${name}" must be an integer`);
  return value;
}
