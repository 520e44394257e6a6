import { hashToken } from '@quire/access';
import { forbidden } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { IdentityEvent, organizationEvent } from '../events/identity-events';
import { deleteLinkInvite, insertLinkInvite, updateLinkInviteRole, upsertPendingInvite, type LinkInvite } from '../store/invites.store';
import { insertMemberIfAbsent } from '../store/members.store';
import { listOrganizationsWithEmailDomain, type Organization, type OrganizationWithRole } from '../store/organizations.store';
import { findUserByEmail, lockEmailAddress, type User } from '../store/users.store';

export interface Invitation {
  email: string;
  role: string;
}

export interface InvitationResult {
  /** Users who existed and became members now. */
  addedUserIds: string[];
  /** Addresses without a user, now holding a pending invite (turned into a membership when the user is created). */
  pendingEmails: string[];
}

/**
 * Invites e-mail addresses to an organization (reference: inviteUsersToOrganization). An existing
 * user becomes a member at once (`member.added`); an existing member keeps their role (changing
 * it is PATCH /members/{userId}'s job); an unknown address gets a pending invite (`invite.created`;
 * inviting it again updates the role).
 */
export async function inviteUsers(
  db: SqlDatabase,
  input: { organizationId: string; invitedBy: string; invitations: Invitation[] },
  now: Date,
): Promise<InvitationResult> {
  const { organizationId, invitedBy } = input;
  // Sorted: the per-address locks are then always taken in the same order (no deadlock).
  const invitations = [...input.invitations].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return db.transaction(async (tx) => {
    const result: InvitationResult = { addedUserIds: [], pendingEmails: [] };
    for (const { email, role } of invitations) {
      await lockEmailAddress(tx, email);
      const user = await findUserByEmail(tx, email);
      if (user) {
        if (await insertMemberIfAbsent(tx, organizationId, user.id, role)) {
          await enqueueEvent(tx, organizationEvent(IdentityEvent.memberAdded, { organizationId, userId: user.id, role }), now);
          result.addedUserIds.push(user.id);
        }
        continue;
      }
      const invite = await upsertPendingInvite(tx, { id: newId(), organizationId, email, role, invitedBy });
      await enqueueEvent(
        tx,
        organizationEvent(IdentityEvent.inviteCreated, { organizationId, inviteId: invite.id, email: invite.email, role, invitedBy }),
        now,
      );
      result.pendingEmails.push(invite.email);
    }
    return result;
  });
}

/** The secret of an invite link: 238 random bits, part of its URL, stored only as a SHA-256. */
function generateInviteSecret(): string {
  return newId(40);
}

/**
 * Creates an invite link to the organization. Refused (403) while the organization's `inviteLinks`
 * setting is off: an admin turns it on with PATCH /orgs/{id} first. The secret is returned once.
 */
export async function createLinkInvite(
  db: SqlDatabase,
  input: { organization: Organization; role: string; createdBy: string },
  now: Date,
): Promise<{ invite: LinkInvite; secret: string }> {
  const organizationId = input.organization.id;
  if (!input.organization.inviteLinks) {
    throw forbidden(`Invite links are disabled for organization ${organizationId}: set "inviteLinks" to true with PATCH /v1/orgs/${organizationId} first`);
  }
  const secret = generateInviteSecret();
  const invite = await db.transaction(async (tx) => {
    const row = await insertLinkInvite(tx, { id: newId(), organizationId, role: input.role, secretHash: hashToken(secret), createdBy: input.createdBy });
    await enqueueEvent(tx, organizationEvent(IdentityEvent.linkInviteCreated, { organizationId, inviteId: row.id, role: row.role }), now);
    return row;
  });
  return { invite, secret };
}

export async function changeLinkInviteRole(
  db: SqlDatabase,
  input: { organizationId: string; inviteId: string; role: string },
  now: Date,
): Promise<LinkInvite | null> {
  const { organizationId, inviteId, role } = input;
  return db.transaction(async (tx) => {
    const row = await updateLinkInviteRole(tx, organizationId, inviteId, role, now);
    if (row) await enqueueEvent(tx, organizationEvent(IdentityEvent.linkInviteUpdated, { organizationId, inviteId, role }), now);
    return row;
  });
}

/** Deletes an invite link; its URL stops working. False when there was no such link. */
export async function removeLinkInvite(db: SqlDatabase, input: { organizationId: string; inviteId: string }, now: Date): Promise<boolean> {
  const { organizationId, inviteId } = input;
  return db.transaction(async (tx) => {
    const row = await deleteLinkInvite(tx, organizationId, inviteId);
    if (row) await enqueueEvent(tx, organizationEvent(IdentityEvent.linkInviteDeleted, { organizationId, inviteId }), now);
    return row !== null;
  });
}

/** The domain of an e-mail address, lower-case. */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Organizations that claim `domain` in their `emailDomains` (reference:
 * getOrganizationsForEmailDomain), with the user's role in each: every one of them when `domain` is
 * the domain of the user's own address (they welcome the user, an open invitation), else only those
 * the user is a member of (the user sees them anyway). So asking for another domain tells nothing
 * about organizations the user is not in, and cannot probe which organizations claim a domain.
 */
export async function organizationsForEmailDomain(db: SqlExecutor, user: User, domain: string): Promise<OrganizationWithRole[]> {
  const isOwnDomain = emailDomainOf(user.email) === domain.toLowerCase();
  return listOrganizationsWithEmailDomain(db, domain, user.id, { membersOnly: !isOwnDomain });
}
