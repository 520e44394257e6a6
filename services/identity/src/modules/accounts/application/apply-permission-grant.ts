import type { PermissionUpdated } from '@quire/contracts';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { planGuestChange, type GuestChange } from '../domain/guests';
import { countGuestGrants, deleteGuestGrant, upsertGuestGrant } from '../store/guest-grants.store';
import { deleteGuestRow, insertGuestIfAbsent, lockMembership } from '../store/members.store';
import { organizationExists } from '../store/organizations.store';
import { findUserById } from '../store/users.store';

/**
 * Follows one grant of content or sites (`permission.updated`) in the consumer's transaction:
 * records it, and makes the user a guest of the organization or removes the guest when it was
 * their last grant (`member.added` / `member.removed` with role null). Grants to teams, and events
 * about an unknown organization or user, change nothing here.
 */
export async function applyPermissionGrant(tx: SqlExecutor, event: PermissionUpdated, now: Date): Promise<GuestChange> {
  const { organizationId, resource, principal, role } = event;
  if (principal.kind !== 'user') return 'none';
  const userId = principal.id;
  if (!(await organizationExists(tx, organizationId)) || !(await findUserById(tx, userId))) return 'none';
  // The row is locked first, so two grant events of one user (on two partitions) apply one after the other.
  const member = await lockMembership(tx, organizationId, userId);
  if (role !== null) {
    const change = planGuestChange(member, role, 0);
    if (change === 'add' && (await insertGuestIfAbsent(tx, organizationId, userId, now))) {
      await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.memberAdded, { organizationId, userId, role: null }), now);
    }
    // The row exists now (added here, or by a concurrent grant), so the grant can reference it.
    await upsertGuestGrant(tx, { organizationId, userId, resource, role }, now);
    return change;
  }
  await deleteGuestGrant(tx, { organizationId, userId, resource });
  const change = planGuestChange(member, null, await countGuestGrants(tx, organizationId, userId));
  if (change === 'remove' && (await deleteGuestRow(tx, organizationId, userId))) {
    await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.memberRemoved, { organizationId, userId, role: null }), now);
  }
  return change;
}
