import { hashToken } from '@quire/access';
import { notFound } from '@quire/errors';
import { findLinkInviteBySecretHash } from '../store/invites.store';
import { admitMemberAnnounced } from './admit-member';
import type { Caller, IdentityDeps } from './deps';

/**
 * joinOrganizationWithInvite: `inviteId` is the secret of an invite link (the last segment of its
 * `urls.app`, shown once at creation): whoever holds it joins with the link's role. A member keeps
 * their role; a guest becomes a member. 404 for an unknown secret or organization.
 */
export async function joinOrganizationWithInvite(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; inviteId: string },
): Promise<void> {
  const invite = await findLinkInviteBySecretHash(db, input.organizationId, hashToken(input.inviteId));
  if (!invite) throw notFound(`Invite ${input.inviteId} not found in organization ${input.organizationId}`);
  const now = clock();
  await db.transaction((tx) => admitMemberAnnounced(tx, invite.organizationId, caller.userId, invite.role, now));
}
