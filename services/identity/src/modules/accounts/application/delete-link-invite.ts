import { enqueueEvent } from '@quire/platform/outbox';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { authorizeOrganization } from '../policies/organization.policy';
import { deleteLinkInviteRow } from '../store/invites.store';
import type { Caller, IdentityDeps } from './deps';
import { linkInviteNotFound } from './get-link-invite';

/** Deletes an invite link (admins); its URL stops working. 404 when there was no such link. */
export async function deleteLinkInvite({ db, clock }: IdentityDeps, caller: Caller, input: { organizationId: string; inviteId: string }): Promise<void> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageInvites');
  const organizationId = org.id;
  const { inviteId } = input;
  const now = clock();
  const deleted = await db.transaction(async (tx) => {
    const row = await deleteLinkInviteRow(tx, organizationId, inviteId);
    if (row) await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.linkInviteDeleted, { organizationId, inviteId }), now);
    return row;
  });
  if (!deleted) throw linkInviteNotFound(organizationId, inviteId);
}
