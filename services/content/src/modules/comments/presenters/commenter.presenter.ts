import type { PresentedUser } from '@quire/platform/users';
import type { Commenter } from '../model/comment';
import type { Membership } from '@quire/platform/membership';

// Reference: listCommentersInSpace answers OrganizationMember.

/**
 * A commenter as an OrganizationMember. Content knows their role and teams (the membership
 * resolver) and their first post, not when they joined, their SSO, or how many spaces and sites
 * they reach: `joinedAt` is their first comment or reply here, the rest false and 0.
 */
export function presentCommenter(commenter: Commenter, membership: Membership, user: PresentedUser) {
  return {
    object: 'member' as const,
    id: commenter.userId,
    role: membership.role,
    user,
    disabled: false,
    joinedAt: commenter.firstPostedAt.toISOString(),
    sso: false,
    spaces: 0,
    teams: membership.teamIds.length,
    sites: 0,
  };
}
