import { ROLES } from '@quire/access';
import { pageQuery, resourceId, z } from '@quire/input';
import { orgParams, trimmedText } from '../../accounts';
import { SCIM_PROVIDERS } from '../model/scim-connection';

export const scimConnectionParams = orgParams.extend({ scimConnectionId: resourceId });

// GitBook's "Create a SCIM connection" body: label and provider; defaultRole and groupRoles are Quire's.
export const createScimConnectionBody = z
  .object({
    label: trimmedText({ min: 1, max: 100 }),
    provider: z.enum(SCIM_PROVIDERS),
    defaultRole: z.enum(ROLES).optional(),
    groupRoles: z.record(trimmedText({ min: 1, max: 256 }), z.enum(ROLES)).optional(),
  })
  .strict();

export const listScimConnectionsQuery = pageQuery;
