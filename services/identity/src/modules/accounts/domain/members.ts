import type { Member } from '../model/member';

/**
 * True when giving `member` the role `nextRole` (null: removing them) would leave the organization
 * without an active admin. `activeAdmins` must be counted under the organization lock.
 */
export function wouldLoseLastAdmin(member: Pick<Member, 'role' | 'disabled'>, activeAdmins: number, nextRole: string | null): boolean {
  const isActiveAdmin = member.role === 'admin' && !member.disabled;
  return isActiveAdmin && nextRole !== 'admin' && activeAdmins <= 1;
}
