import { conflict } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { IdentityEvent, organizationEvent } from '../events/identity-events';
import {
  deleteMember,
  findMembership,
  findMemberWithUser,
  lockAndCountActiveAdmins,
  updateMemberRole,
  upsertMember,
  type Member,
  type MemberWithUser,
} from '../store/members.store';
import { findOrCreateUser } from './users';

/**
 * True when giving `member` the role `nextRole` (null: removing them) would leave the organization
 * without an active admin. `activeAdmins` must be counted under the organization lock.
 */
export function wouldLoseLastAdmin(member: Pick<Member, 'role' | 'disabled'>, activeAdmins: number, nextRole: string | null): boolean {
  const isActiveAdmin = member.role === 'admin' && !member.disabled;
  return isActiveAdmin && nextRole !== 'admin' && activeAdmins <= 1;
}

/** Loads a member under the organization's admin lock, refusing a change that drops the last admin. */
async function lockMemberForChange(tx: SqlExecutor, orgId: string, userId: string, nextRole: string | null): Promise<Member | null> {
  const admins = await lockAndCountActiveAdmins(tx, orgId);
  const member = await findMembership(tx, orgId, userId);
  if (member && wouldLoseLastAdmin(member, admins, nextRole)) {
    const what = nextRole === null ? 'remove' : 'change the role of';
    throw conflict(`Cannot ${what} the last admin of organization ${orgId}: make another member an admin first`);
  }
  return member;
}

/** Adds a user (created when missing) to an organization, or changes their role (admin CLI). */
export async function addMember(db: SqlDatabase, input: { organizationId: string; email: string; role: string }, now: Date) {
  return db.transaction(async (tx) => {
    const { user } = await findOrCreateUser(tx, { email: input.email }, now);
    const member = await lockMemberForChange(tx, input.organizationId, user.id, input.role);
    const { previousRole } = await upsertMember(tx, input.organizationId, user.id, input.role);
    const data = { organizationId: input.organizationId, userId: user.id, role: input.role };
    if (member === null) await enqueueEvent(tx, organizationEvent(IdentityEvent.memberAdded, data), now);
    else if (previousRole !== input.role)
      await enqueueEvent(tx, organizationEvent(IdentityEvent.memberRoleChanged, { ...data, previousRole: member.role }), now);
    return { user, previousRole };
  });
}

/** PATCH a member's role (admins only, checked by the caller); null when they are not a member. */
export async function changeMemberRole(
  db: SqlDatabase,
  input: { organizationId: string; userId: string; role: string },
  now: Date,
): Promise<MemberWithUser | null> {
  const { organizationId, userId, role } = input;
  return db.transaction(async (tx) => {
    const member = await lockMemberForChange(tx, organizationId, userId, role);
    if (!member) return null;
    if (member.role !== role) {
      await updateMemberRole(tx, organizationId, userId, role);
      await enqueueEvent(tx, organizationEvent(IdentityEvent.memberRoleChanged, { organizationId, userId, role, previousRole: member.role }), now);
    }
    return findMemberWithUser(tx, organizationId, userId);
  });
}

/**
 * Removes a member; their team memberships go with them (FK cascade, migration 002). Returns the
 * removed membership, or null when they were not a member.
 */
export async function removeMember(db: SqlDatabase, input: { organizationId: string; userId: string }, now: Date): Promise<Member | null> {
  const { organizationId, userId } = input;
  return db.transaction(async (tx) => {
    if (!(await lockMemberForChange(tx, organizationId, userId, null))) return null;
    const removed = await deleteMember(tx, organizationId, userId);
    if (removed) await enqueueEvent(tx, organizationEvent(IdentityEvent.memberRemoved, { organizationId, userId, role: removed.role }), now);
    return removed;
  });
}
