import type { UrlBuilder } from '@quire/common';
import type { MemberWithUser } from '../store/members.store';
import { presentUser } from './user.presenter';

/**
 * Reference schema: OrganizationMember. `spaces` stays 0: which spaces a member reaches is the
 * content service's knowledge (identity holds no spaces); it will come from there, not from here.
 */
export function presentMember(member: MemberWithUser, urls: UrlBuilder) {
  return {
    object: 'member' as const,
    id: member.userId,
    role: member.role,
    user: presentUser(member.user, urls),
    disabled: member.disabled,
    joinedAt: member.joinedAt.toISOString(),
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt.toISOString() } : {}),
    sso: false,
    spaces: 0,
    teams: member.teams,
  };
}
