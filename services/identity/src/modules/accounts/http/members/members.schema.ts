import { ROLES, type Role } from '@quire/access';
import { pageQuery, text, z } from '@quire/input';

/**
 * MemberRoleOrGuest (reference), where null means "guest". Quire has no guests: every member holds
 * one of the roles, and policies treat a member without a role as a non-member. So null is a 400.
 */
export const memberRole = z
  .enum(ROLES)
  .nullable()
  .refine((role): role is Role => role !== null, `must be one of ${ROLES.join(', ')}: guests (null) are not supported`);

// Query of listMembersInOrganizationById (reference): page, limit, role, search, sort, order. The
// reference also accepts role=guest; with no guests in Quire it lists nobody. `sort=name` is
// today's client's (0.202.0), honoured: by display name, regardless of case.
export const listMembersQuery = pageQuery.extend({
  role: z.enum([...ROLES, 'guest']).optional(),
  search: text({ max: 256 }).optional(),
  sort: z.enum(['joinedAt', 'lastSeenAt', 'name']).default('joinedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

// Body of updateMemberInOrganizationById; without `role` nothing changes.
export const updateMemberBody = z.object({ role: memberRole.optional() }).strict();
