import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { lockMemberForChange } from './lock-member-for-change';
import { findOrCreateUser } from './find-or-create-user';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { upsertMember } from '../store/members.store';
import { organizationExists } from '../store/organizations.store';
import type { IdentityDeps } from './deps';

/** The operator's `members add`: adds a user (created when missing) to an organization, or changes their role. */
export async function addMember({ db, clock }: IdentityDeps, input: { organizationId: string; email: string; role: string }) {
  const { organizationId, role } = input;
  if (!(await organizationExists(db, organizationId))) throw notFound(`Organization ${organizationId} not found`);
  const now = clock();
  return db.transaction(async (tx) => {
    const { user } = await findOrCreateUser(tx, { email: input.email }, now);
    const member = await lockMemberForChange(tx, organizationId, user.id, role);
    const { previousRole } = await upsertMember(tx, organizationId, user.id, role);
    const data = { organizationId, userId: user.id, role };
    if (member === null) await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.memberAdded, data), now);
    else if (previousRole !== role)
      await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.memberRoleChanged, { ...data, previousRole: member.role }), now);
    return { user, previousRole };
  });
}
