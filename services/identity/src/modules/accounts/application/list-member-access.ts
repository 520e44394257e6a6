import { isRole, type Role } from '@quire/access';
import { listActiveMemberRoles } from '../store/members.store';
import type { IdentityDeps } from './deps';

/** The most people ListMembers answers for one organization (its proto comment says so). */
export const MAX_LISTED_MEMBERS = 100_000;

/** Other services' ListMembers: an organization's active members with their role, guests with none. */
export async function listMemberAccess(
  { db }: IdentityDeps,
  organizationId: string,
): Promise<{ userId: string; role: Role | null; guest: boolean; joinedAt: Date }[]> {
  const rows = await listActiveMemberRoles(db, organizationId, MAX_LISTED_MEMBERS);
  return rows.map((row) => ({
    userId: row.userId,
    role: row.role !== null && isRole(row.role) ? row.role : null,
    guest: row.role === null,
    joinedAt: row.joinedAt,
  }));
}
