import { insertedRow, pagedRows, queryOne, queryRows, type Paged, type PageRequest, type SqlExecutor } from '@quire/common';
import type { OrganizationWithRole } from './organizations.store';

/** A pending e-mail invite: an address with no user yet, and the role it will join with. */
export interface InviteRow {
  id: string;
  organization_id: string;
  email: string;
  role: string;
  invited_by: string | null;
  created_at: Date;
}

export interface LinkInviteRow {
  id: string;
  organization_id: string;
  role: string;
  secret_hash: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Records a pending invite; inviting the same address again updates its role and keeps its id. */
export async function upsertPendingInvite(
  db: SqlExecutor,
  invite: { id: string; organizationId: string; email: string; role: string; invitedBy: string },
): Promise<InviteRow> {
  return insertedRow<InviteRow>(
    db,
    `INSERT INTO invites (id, organization_id, email, role, invited_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (organization_id, email) DO UPDATE SET role = EXCLUDED.role, invited_by = EXCLUDED.invited_by
     RETURNING *`,
    [invite.id, invite.organizationId, invite.email.toLowerCase(), invite.role, invite.invitedBy],
  );
}

/** Removes and returns every pending invite of an address (when its user is created). */
export async function takePendingInvites(db: SqlExecutor, email: string): Promise<InviteRow[]> {
  return queryRows<InviteRow>(db, 'DELETE FROM invites WHERE email = $1 RETURNING *', [email.toLowerCase()]);
}

export async function insertLinkInvite(
  db: SqlExecutor,
  invite: { id: string; organizationId: string; role: string; secretHash: string; createdBy: string },
): Promise<LinkInviteRow> {
  return insertedRow<LinkInviteRow>(
    db,
    'INSERT INTO link_invites (id, organization_id, role, secret_hash, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING *',
    [invite.id, invite.organizationId, invite.role, invite.secretHash, invite.createdBy],
  );
}

export async function findLinkInvite(db: SqlExecutor, orgId: string, inviteId: string): Promise<LinkInviteRow | null> {
  return queryOne<LinkInviteRow>(db, 'SELECT * FROM link_invites WHERE organization_id = $1 AND id = $2', [orgId, inviteId]);
}

export function listLinkInvites(db: SqlExecutor, orgId: string, page: PageRequest): Promise<Paged<LinkInviteRow>> {
  return pagedRows<LinkInviteRow>(db, { select: '*', from: 'FROM link_invites WHERE organization_id = $1', orderBy: 'created_at, id', params: [orgId] }, page);
}

export async function updateLinkInviteRole(db: SqlExecutor, orgId: string, inviteId: string, role: string, now: Date): Promise<LinkInviteRow | null> {
  return queryOne<LinkInviteRow>(db, 'UPDATE link_invites SET role = $3, updated_at = $4 WHERE organization_id = $1 AND id = $2 RETURNING *', [
    orgId,
    inviteId,
    role,
    now,
  ]);
}

export async function deleteLinkInvite(db: SqlExecutor, orgId: string, inviteId: string): Promise<LinkInviteRow | null> {
  return queryOne<LinkInviteRow>(db, 'DELETE FROM link_invites WHERE organization_id = $1 AND id = $2 RETURNING *', [orgId, inviteId]);
}

/** At most this many organizations answer one e-mail domain (the reference response has no pagination). */
export const MAX_ORGANIZATIONS_PER_EMAIL_DOMAIN = 1000;

/**
 * Organizations that list `domain` in their `emailDomains`, with `userId`'s role in each (null when
 * not a member); with `membersOnly`, only those `userId` is an active member of.
 */
export async function listOrganizationsWithEmailDomain(
  db: SqlExecutor,
  domain: string,
  userId: string,
  { membersOnly }: { membersOnly: boolean },
): Promise<OrganizationWithRole[]> {
  return queryRows<OrganizationWithRole>(
    db,
    `SELECT o.*, m.role AS caller_role FROM organizations o
     LEFT JOIN members m ON m.organization_id = o.id AND m.user_id = $2 AND NOT m.disabled
     WHERE o.email_domains @> ARRAY[$1]::text[] AND (NOT $4::boolean OR m.user_id IS NOT NULL)
     ORDER BY o.created_at, o.id LIMIT $3`,
    [domain.toLowerCase(), userId, MAX_ORGANIZATIONS_PER_EMAIL_DOMAIN, membersOnly],
  );
}
