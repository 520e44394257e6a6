import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { admitMember } from '../store/members.store';

/**
 * Makes a user a member with `role` in the caller's transaction, unless they are one already (their
 * role stays): a new member is `member.added`, a guest given a role `member.role-changed` from null.
 * `now` undefined: the outbox's clock stamps the event.
 */
export async function admitMemberAnnounced(
  tx: SqlExecutor,
  organizationId: string,
  userId: string,
  role: string,
  now: Date | undefined,
): Promise<'added' | 'promoted' | null> {
  const admitted = await admitMember(tx, organizationId, userId, role);
  if (admitted === 'added')
    await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.memberAdded, { organizationId, userId, role }), now);
  if (admitted === 'promoted') {
    await enqueueEvent(
      tx,
      outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.memberRoleChanged, { organizationId, userId, role, previousRole: null }),
      now,
    );
  }
  return admitted;
}
