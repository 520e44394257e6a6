import { conflict } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { wouldLoseLastAdmin } from '../domain/members';
import { findMembership, lockAndCountActiveAdmins, type Member } from '../store/members.store';

/** Loads a member under the organization's admin lock, refusing a change that drops the last admin. */
export async function lockMemberForChange(tx: SqlExecutor, orgId: string, userId: string, nextRole: string | null): Promise<Member | null> {
  const admins = await lockAndCountActiveAdmins(tx, orgId);
  const member = await findMembership(tx, orgId, userId);
  if (member && wouldLoseLastAdmin(member, admins, nextRole)) {
    const what = nextRole === null ? 'remove' : 'change the role of';
    throw conflict(`Cannot ${what} the last admin of organization ${orgId}: make another member an admin first`);
  }
  return member;
}
