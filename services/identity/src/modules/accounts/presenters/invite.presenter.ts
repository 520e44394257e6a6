import { atLeast, isRole, type Role } from '@quire/access';
import type { UrlBuilder } from '@quire/urls';
import type { InvitationResult } from '../domain/invites';
import type { LinkInvite } from '../model/invite';

/**
 * Reference schema: InviteLinkToOrganization. `redundant`: the caller already holds the invite's
 * role or a higher one. `urls.app`, the link to hand out, exists only in the creation response:
 * its secret is not stored (see migration 004).
 */
export function presentLinkInvite(invite: LinkInvite, callerRole: Role | null, urls: UrlBuilder, secret?: string) {
  return {
    object: 'invite' as const,
    id: invite.id,
    role: invite.role,
    redundant: isRole(invite.role) && atLeast(callerRole, invite.role),
    urls: {
      location: urls.api(`/orgs/${invite.organizationId}/link-invites/${invite.id}`),
      ...(secret ? { app: urls.app(`/invite/${invite.organizationId}/${secret}`) } : {}),
    },
  };
}

/**
 * Response of inviteUsersToOrganization: `users` are the users who became members now; `invited`
 * counts every address acted on, those members plus the pending invites of addresses without a user.
 */
export function presentInvitationResult(result: InvitationResult) {
  return { users: result.addedUserIds, invited: result.addedUserIds.length + result.pendingEmails.length };
}
