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
    id: member.user_id,
    role: member.role,
    user: presentUser(member.user, urls),
    disabled: member.disabled,
    joinedAt: member.joined_at.toISOString(),
    ...(member.last_seen_at ? { lastSeenAt: member.last_seen_at.toISOString() } : {}),
    sso: false,
    spaces: 0,
    teams: member.teams,
  };
}
