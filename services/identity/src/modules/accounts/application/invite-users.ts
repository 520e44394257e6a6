import { isRole, type Role } from '@quire/access';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { Invitation, InvitationResult } from '../domain/invites';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { authorizeOrganization } from '../policies/organization.policy';
import { upsertPendingInvite } from '../store/invites.store';
import { admitMemberAnnounced } from './admit-member';
import { findUserByEmail, lockEmailAddress } from '../store/users.store';
import type { Caller, IdentityDeps } from './deps';

/**
 * Invites e-mail addresses to an organization (admins; reference: inviteUsersToOrganization). The
 * role of an address: its own, else `role`, else the organization's `defaultRole`, else read. An
 * existing user becomes a member at once (`member.added`); an existing member keeps their role
 * (changing it is PATCH /members/{userId}'s job); an unknown address gets a pending invite
 * (`invite.created`; inviting it again updates the role).
 */
export async function inviteUsers(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; emails: (string | (Invitation & { role: Role }))[]; role?: Role },
): Promise<InvitationResult> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageInvites');
  const fallbackRole = input.role ?? (isRole(org.defaultRole) ? org.defaultRole : 'read');
  const invitations = input.emails.map((entry) => (typeof entry === 'string' ? { email: entry, role: fallbackRole } : entry));
  return inviteInto({ db, clock }, { organizationId: org.id, invitedBy: caller.userId, invitations });
}

/** The invitations' one transaction, for an organization and role already checked. */
async function inviteInto(
  { db, clock }: IdentityDeps,
  input: { organizationId: string; invitedBy: string; invitations: Invitation[] },
): Promise<InvitationResult> {
  const { organizationId, invitedBy } = input;
  const now = clock();
  // Sorted: the per-address locks are then always taken in the same order (no deadlock).
  const invitations = [...input.invitations].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return db.transaction(async (tx) => {
    const result: InvitationResult = { addedUserIds: [], pendingEmails: [] };
    for (const { email, role } of invitations) {
      await lockEmailAddress(tx, email);
      const user = await findUserByEmail(tx, email);
      if (user) {
        // A guest invited becomes a member with the role; a member keeps theirs.
        if (await admitMemberAnnounced(tx, organizationId, user.id, role, now)) result.addedUserIds.push(user.id);
        continue;
      }
      const invite = await upsertPendingInvite(tx, { id: newId(), organizationId, email, role, invitedBy });
      await enqueueEvent(
        tx,
        outboxEvent(IDENTITY_TOPIC, organizationId, IdentityEvent.inviteCreated, { organizationId, inviteId: invite.id, email: invite.email, role, invitedBy }),
        now,
      );
      result.pendingEmails.push(invite.email);
    }
    return result;
  });
}
