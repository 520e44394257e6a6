import { pageQuery, resourceId, text, z } from '@quire/input';
import { TEAM_MEMBER_ROLES, type MemberReference } from '../domain/teams';
import { trimmedText } from '../../accounts';

// Team title 1..64 (spec §8, reference OrganizationTeamTitle), in code points.
const title = trimmedText({ min: 1, max: 64 });

// A member named by user id or e-mail address (reference UpdateMembersInOrganizationTeam); 320 fits any address.
const identifier = trimmedText({ min: 1, max: 320 });
// The spec sets no bound; one request names at most as many users as one page lists.
const MAX_USERS_PER_REQUEST = 1000;
const identifiers = z.array(identifier).max(MAX_USERS_PER_REQUEST);

// Query of listTeamsInOrganizationById: page, limit, `owner` (a member id), `title` (contains, any case).
export const listTeamsQuery = pageQuery.extend({
  owner: resourceId.optional(),
  title: text({ max: 64 }).optional(),
});

// listTeamsForOrganizationMember: page, limit, `title` (contains, any case).
export const listMemberTeamsQuery = pageQuery.extend({ title: text({ max: 64 }).optional() });

// listTeamMembersInOrganizationById: pagination only.
export const listTeamMembersQuery = pageQuery;

// createOrganizationTeam: `members` are organization member identifiers.
export const createTeamBody = z.object({ title, members: identifiers.default([]) }).strict();

// updateTeamInOrganizationById.
export const updateTeamBody = z.object({ title }).strict();

// updateMembersInOrganizationTeam: the whole body is optional.
export const updateTeamMembersBody = z
  .object({
    add: identifiers.default([]),
    remove: identifiers.default([]),
    memberships: z
      .record(identifier, z.object({ role: z.enum(TEAM_MEMBER_ROLES) }).strict())
      .refine((m) => Object.keys(m).length <= MAX_USERS_PER_REQUEST, `must have at most ${MAX_USERS_PER_REQUEST} entries`)
      .default({}),
  })
  .strict();

// addMemberToOrganizationTeamById: without a role a new team member is a `member` and an existing one keeps theirs.
export const setTeamMemberBody = z.object({ role: z.enum(TEAM_MEMBER_ROLES).optional() }).strict();

/** The identifiers of a body array as references that name their field (`add.2`) in a 400. */
export function memberReferences(list: string[], field: string): MemberReference[] {
  return list.map((identifier, i) => ({ identifier, field: `${field}.${i}` }));
}
