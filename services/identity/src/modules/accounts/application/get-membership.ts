import { isRole, type Role } from '@quire/access';
import { findMembership } from '../store/members.store';
import { organizationExists } from '../store/organizations.store';
import type { IdentityDeps } from './deps';

/**
 * Other services' GetMembership: whether the organization exists, the user's active role in it
 * (null: none) and whether they are its guest (a member row with no role; docs/permissions.md).
 */
export async function getMembership(
  { db }: IdentityDeps,
  input: { organizationId: string; userId: string },
): Promise<{ organizationExists: boolean; role: Role | null; guest: boolean }> {
  const [exists, member] = await Promise.all([organizationExists(db, input.organizationId), findMembership(db, input.organizationId, input.userId)]);
  const active = member !== null && !member.disabled;
  return { organizationExists: exists, role: active && isRole(member.role) ? member.role : null, guest: active && member.role === null };
}
