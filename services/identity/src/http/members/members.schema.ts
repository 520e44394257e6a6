import { ROLES, z } from '@quire/common';

// Query of listMembersInOrganizationById (reference): role, search, sort, order.
export const listMembersQuery = z
  .object({
    role: z.enum(ROLES).optional(),
    search: z.string().max(256).optional(),
    sort: z.enum(['joinedAt', 'lastSeenAt']).default('joinedAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .passthrough();
