import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { takePendingInvites } from '../store/invites.store';
import { admitMemberAnnounced } from './admit-member';
import { findUserByEmail, insertUserUnlessExists, lockEmailAddress, type User } from '../store/users.store';

/**
 * The one way a user comes to exist (CLI `tokens create`, `orgs create`, `members add`, bootstrap):
 * returns the user with this e-mail, creating it when missing. A new user accepts, in the caller's
 * transaction, every pending e-mail invite of their address: each becomes a membership with the
 * invited role (events `member.added` and `invite.accepted`, stamped `now`, or by the outbox's
 * clock for the callers that have none yet).
 */
export async function findOrCreateUser(
  tx: SqlExecutor,
  input: { email: string; displayName?: string },
  now: Date | undefined,
): Promise<{ user: User; created: boolean }> {
  const existing = await findUserByEmail(tx, input.email);
  if (existing) return { user: existing, created: false };
  // Taken before the insert so that an invite to this address either commits before (and is
  // taken below) or sees the new user (see inviteUsers).
  await lockEmailAddress(tx, input.email);
  const { user, created } = await insertUserUnlessExists(tx, input.email, input.displayName);
  if (created) await acceptPendingInvites(tx, user, now);
  return { user, created };
}

async function acceptPendingInvites(tx: SqlExecutor, user: User, now: Date | undefined): Promise<void> {
  for (const invite of await takePendingInvites(tx, user.email)) {
    const organizationId = invite.organizationId;
    if (!(await admitMemberAnnounced(tx, organizationId, user.id, invite.role, now))) continue;
    await enqueueEvent(
      tx,
      outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.inviteAccepted, { organizationId, inviteId: invite.id, userId: user.id, role: invite.role }),
      now,
    );
  }
}
