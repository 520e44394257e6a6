import { ROLES } from '@quire/access';
import { pageQuery, resourceId, z } from '@quire/input';

// Reference: the space-permissions and collection-permissions operations (InviteUsersAndTeams,
// MemberRoleOrGuest, the aggregate's `role` filter).

/** Reference MemberRoleOrGuest: a role, or null (on content: no grant). */
const memberRoleOrGuest = z.enum(ROLES).nullable();

export const spaceUserParams = z.object({ spaceId: resourceId, userId: resourceId });
export const spaceTeamParams = z.object({ spaceId: resourceId, teamId: resourceId });
export const collectionUserParams = z.object({ collectionId: resourceId, userId: resourceId });
export const collectionTeamParams = z.object({ collectionId: resourceId, teamId: resourceId });

/** Reference InviteUsersAndTeams: a role, and users, teams or both (each at least one id). */
export const inviteBody = z
  .object({
    role: memberRoleOrGuest,
    users: z.array(resourceId).min(1).max(1000).optional(),
    teams: z.array(resourceId).min(1).max(1000).optional(),
  })
  .strict()
  .refine((b) => b.users !== undefined || b.teams !== undefined, { message: 'give "users", "teams" or both', path: ['users'] });

/** Body of the PATCH of one user's or team's permission. */
export const grantBody = z.object({ role: memberRoleOrGuest.optional() }).strict();

/** listPermissionsAggregateIn*: only the people at this role. */
export const aggregateQuery = pageQuery.extend({ role: z.enum(ROLES).optional() });
