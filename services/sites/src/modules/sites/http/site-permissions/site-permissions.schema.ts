import { ROLES } from '@quire/access';
import { pageQuery, resourceId, text, z } from '@quire/input';
import { siteParams } from '../params.schema';

export const siteUserParams = siteParams.extend({ userId: resourceId });
export const siteTeamParams = siteParams.extend({ teamId: resourceId });

// Reference MemberRole.
const memberRole = z.enum(ROLES);

// One invitation at most this many users and teams each (one transaction).
const MAX_INVITED = 100;
const invited = z.array(resourceId).min(1).max(MAX_INVITED);

// inviteToSite (reference InviteSiteUsersAndTeams): `role` is a MemberRoleOrGuest (null removes
// their grants), with at least one of `users`, `teams`.
export const inviteToSiteBody = z
  .object({ role: memberRole.nullable(), users: invited.optional(), teams: invited.optional() })
  .strict()
  .refine((body) => body.users !== undefined || body.teams !== undefined, 'must set "users" or "teams"');

// updateUserPermissionInSite / updateTeamPermissionInSite: `role`, a MemberRole.
export const updateSitePermissionBody = z.object({ role: memberRole.optional() }).strict();

// listPermissionsAggregateInSite: page, limit and the reference's listOrder, memberRoleFilter,
// memberSearch, memberSort and `team`.
export const siteAccessQuery = pageQuery.extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  // One enum (the reference's MemberRole or `guest`), so Quire's document declares its values.
  role: z.enum(['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest']).optional(),
  search: text({ min: 1, max: 100 }).optional(),
  sort: z.enum(['joinedAt', 'lastSeenAt', 'name']).default('joinedAt'),
  team: resourceId.optional(),
});
