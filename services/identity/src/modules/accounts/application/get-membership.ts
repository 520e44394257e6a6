import { isRole, type Role } from '@quire/access';
import { findMembership } from '../store/members.store';
import { organizationExists } from '../store/organizations.store';
import type { IdentityDeps } from './deps';

/** Other services' GetMembership: whether the organization exists and the user's active role in it (null: none). */
export async function getMembership(
  { db }: IdentityDeps,
  input: { organizationId: string; userId: string },
): Promise<{ organizationExists: boolean; role: Role | null }> {
  const [exists, member] = await Promise.all([organizationExists(db, input.organizationId), findMembership(db, input.organizationId, input.userId)]);
  return { organizationExists: exists, role: member && !member.disabled && isRole(member.role) ? member.role : null };
}
