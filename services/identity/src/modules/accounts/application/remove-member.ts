import { enqueueEvent } from '@quire/platform/outbox';
import { lockMemberForChange } from './lock-member-for-change';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { authorizeOrganization } from '../policies/organization.policy';
import { deleteMemberRow, type Member } from '../store/members.store';
import type { Caller, IdentityDeps } from './deps';
import { memberNotFound } from './get-member';

/**
 * Removes a member: admins remove anyone, any member may remove themselves (leave); never the last
 * admin (409). Their team memberships go with them (FK cascade, migration 002). 404 when the user
 * is not a member.
 */
export async function removeMember({ db, clock }: IdentityDeps, caller: Caller, input: { organizationId: string; userId: string }): Promise<Member> {
  const isLeaving = input.userId === caller.userId;
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, isLeaving ? 'read' : 'manageMembers');
  const organizationId = org.id;
  const { userId } = input;
  const now = clock();
  const removed = await db.transaction(async (tx) => {
    if (!(await lockMemberForChange(tx, organizationId, userId, null))) return null;
    const row = await deleteMemberRow(tx, organizationId, userId);
    if (row) await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.memberRemoved, { organizationId, userId, role: row.role }), now);
    return row;
  });
  if (!removed) throw memberNotFound(organizationId, userId);
  return removed;
}
