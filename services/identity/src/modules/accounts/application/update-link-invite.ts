import type { Role } from '@quire/access';
import { enqueueEvent } from '@quire/platform/outbox';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { authorizeOrganization } from '../policies/organization.policy';
import { updateLinkInviteRole, type LinkInvite } from '../store/invites.store';
import type { Caller, IdentityDeps } from './deps';
import { linkInviteNotFound } from './get-link-invite';

/** Changes the role an invite link grants (admins); 404 when there is no such link. */
export async function updateLinkInvite(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; inviteId: string; role: string },
): Promise<{ invite: LinkInvite; callerRole: Role }> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageInvites');
  const organizationId = org.id;
  const { inviteId, role } = input;
  const now = clock();
  const invite = await db.transaction(async (tx) => {
    const row = await updateLinkInviteRole(tx, organizationId, inviteId, role, now);
    if (row) await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.linkInviteUpdated, { organizationId, inviteId, role }), now);
    return row;
  });
  if (!invite) throw linkInviteNotFound(organizationId, inviteId);
  return { invite, callerRole: org.role };
}
