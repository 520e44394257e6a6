import type { Member } from '../model/member';

export type GuestChange = 'add' | 'remove' | 'none';

/**
 * What a grant or its removal does to the user's membership: a grant to someone with no row makes
 * them a guest; removing a guest's last grant removes the guest. A member (a row with a role) is
 * never made a guest nor removed: grants only add to what their role gives.
 */
export function planGuestChange(member: Pick<Member, 'role'> | null, grantedRole: string | null, grantsLeft: number): GuestChange {
  if (grantedRole !== null) return member === null ? 'add' : 'none';
  return member !== null && member.role === null && grantsLeft === 0 ? 'remove' : 'none';
}
