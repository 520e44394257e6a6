import { scimBadRequest } from './scim-errors';
import { attributeOf } from './scim-match';
import { storedAttributes } from './scim-users';

type Resource = Record<string, unknown>;

/** What Quire takes from a SCIM Group: the team's title and the user ids of its members. */
export interface ProvisionedGroup {
  displayName: string;
  memberIds: string[];
  /** The other attributes sent (externalId…), answered back as sent. */
  attributes: Resource;
}

/** Reads a Group resource; a 400 `invalidValue` naming the attribute that is wrong. */
export function provisionedGroupOf(resource: Resource): ProvisionedGroup {
  const displayName = attributeOf(resource, 'displayName');
  if (typeof displayName !== 'string' || displayName.trim() === '') throw scimBadRequest('invalidValue', 'Attribute "displayName" is required');
  const members = attributeOf(resource, 'members') ?? [];
  if (!Array.isArray(members)) throw scimBadRequest('invalidValue', 'Attribute "members" must be a list');
  const memberIds = members.map((m) => {
    const value = m !== null && typeof m === 'object' ? attributeOf(m, 'value') : undefined;
    if (typeof value !== 'string' || value === '') throw scimBadRequest('invalidValue', 'Every member needs a "value" (the id of a User)');
    return value;
  });
  const attributes = storedAttributes(resource);
  for (const key of Object.keys(attributes)) if (['members', 'displayname'].includes(key.toLowerCase())) delete attributes[key];
  return { displayName: displayName.trim(), memberIds: [...new Set(memberIds)], attributes };
}
