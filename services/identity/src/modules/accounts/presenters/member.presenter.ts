import type { UrlBuilder } from '@quire/urls';
import type { MemberWithUser } from '../model/member';
import { presentUser } from './user.presenter';

/**
 * Reference schema: OrganizationMember. `spaces` stays 0: which spaces a member reaches is the
 * content service's knowledge (identity holds no spaces); it will come from there, not from here.
 * `sites` (today's client, 0.202.0, requires it) is 0: no site is ever granted to a member of its
 * own, a member reaches the organization's sites through the organization role (sites' site.policy).
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
    sites: 0,
    teams: member.teams,
  };
}
