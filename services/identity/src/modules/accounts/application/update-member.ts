import type { Role } from '@quire/access';
import { enqueueEvent } from '@quire/platform/outbox';
import { lockMemberForChange } from './lock-member-for-change';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { authorizeOrganization } from '../policies/organization.policy';
import { findMemberWithUser, updateMemberRole, type MemberWithUser } from '../store/members.store';
import type { Caller, IdentityDeps } from './deps';
import { memberNotFound } from './get-member';

/**
 * PATCH a member (admins only): changes their role, never the last admin's (409); without a role
 * nothing changes. A user who is not a member is a 404.
 */
export async function updateMember(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; userId: string; role?: Role },
): Promise<MemberWithUser> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageMembers');
  const { userId, role } = input;
  const organizationId = org.id;
  const now = clock();
  const member = await db.transaction(async (tx) => {
    if (role === undefined) return findMemberWithUser(tx, organizationId, userId);
    const current = await lockMemberForChange(tx, organizationId, userId, role);
    if (!current) return null;
    if (current.role !== role) {
      await updateMemberRole(tx, organizationId, userId, role);
      await enqueueEvent(
        tx,
        outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.memberRoleChanged, { organizationId, userId, role, previousRole: current.role }),
        now,
      );
    }
    return findMemberWithUser(tx, organizationId, userId);
  });
  if (!member) throw memberNotFound(organizationId, userId);
  return member;
}
