import { hashToken, type Role } from '@quire/access';
import { forbidden } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import { generateInviteSecret } from '../domain/invites';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { authorizeOrganization } from '../policies/organization.policy';
import { insertLinkInvite, type LinkInvite } from '../store/invites.store';
import type { Caller, IdentityDeps } from './deps';

/**
 * Creates an invite link to the organization (admins). Refused (403) while the organization's
 * `inviteLinks` setting is off: an admin turns it on with PATCH /orgs/{id} first. The secret is returned once.
 */
export async function createLinkInvite(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; role: string },
): Promise<{ invite: LinkInvite; secret: string; callerRole: Role }> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageInvites');
  const organizationId = org.id;
  if (!org.inviteLinks) {
    throw forbidden(`Invite links are disabled for organization ${organizationId}: set "inviteLinks" to true with PATCH /v1/orgs/${organizationId} first`);
  }
  const secret = generateInviteSecret();
  const now = clock();
  const invite = await db.transaction(async (tx) => {
    const row = await insertLinkInvite(tx, { id: newId(), organizationId, role: input.role, secretHash: hashToken(secret), createdBy: caller.userId });
    await enqueueEvent(
      tx,
      outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.linkInviteCreated, { organizationId, inviteId: row.id, role: row.role }),
      now,
    );
    return row;
  });
  return { invite, secret, callerRole: org.role };
}
