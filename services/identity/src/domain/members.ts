import { enqueueEvent, type SqlDatabase } from '@quire/common';
import { IDENTITY_TOPIC, IdentityEvent } from '../events/identity-events';
import { upsertMember } from '../store/members.store';
import { ensureUser } from '../store/users.store';
import { announceMemberAdded } from './organizations';

/** Adds a user (created when missing) to an organization, or changes their role. */
export async function addMember(db: SqlDatabase, input: { organizationId: string; email: string; role: string }, now: Date) {
  return db.transaction(async (tx) => {
    const { user } = await ensureUser(tx, input.email);
    const { previousRole } = await upsertMember(tx, input.organizationId, user.id, input.role);
    if (previousRole === null) await announceMemberAdded(tx, input.organizationId, user.id, input.role, now);
    else if (previousRole !== input.role) {
      await enqueueEvent(
        tx,
        { topic: IDENTITY_TOPIC, key: input.organizationId, type: IdentityEvent.memberRoleChanged, data: { organizationId: input.organizationId, userId: user.id, role: input.role, previousRole } },
        now,
      );
    }
    return { user, previousRole };
  });
}
