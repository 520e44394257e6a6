import type { PageRequest } from '@quire/input';
import { insertedRow, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { Invite, LinkInvite } from '../model/invite';

export type { Invite, LinkInvite };

interface InviteRow {
  id: string;
  organization_id: string;
  email: string;
  role: string;
  invited_by: string | null;
  created_at: Date;
}

interface LinkInviteRow {
  id: string;
  organization_id: string;
  role: string;
  secret_hash: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

function inviteOf(row: InviteRow): Invite {
  return { id: row.id, organizationId: row.organization_id, email: row.email, role: row.role, invitedBy: row.invited_by, createdAt: row.created_at };
}

function linkInviteOf(row: LinkInviteRow): LinkInvite {
  return {
    id: row.id,
    organizationId: row.organization_id,
    role: row.role,
    secretHash: row.secret_hash,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Records a pending invite; inviting the same address again updates its role and keeps its id. */
export async function upsertPendingInvite(
  db: SqlExecutor,
  invite: { id: string; organizationId: string; email: string; role: string; invitedBy: string },
): Promise<Invite> {
  const row = await insertedRow<InviteRow>(
    db,
    `INSERT INTO invites (id, organization_id, email, role, invited_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (organization_id, email) DO UPDATE SET role = EXCLUDED.role, invited_by = EXCLUDED.invited_by
     RETURNING *`,
    [invite.id, invite.organizationId, invite.email.toLowerCase(), invite.role, invite.invitedBy],
  );
  return inviteOf(row);
}

/** Removes and returns every pending invite of an address (when its user is created). */
export async function takePendingInvites(db: SqlExecutor, email: string): Promise<Invite[]> {
  return (await queryRows<InviteRow>(db, 'DELETE FROM invites WHERE email = $1 RETURNING *', [email.toLowerCase()])).map(inviteOf);
}

export async function insertLinkInvite(
  db: SqlExecutor,
  invite: { id: string; organizationId: string; role: string; secretHash: string; createdBy: string },
): Promise<LinkInvite> {
  const row = await insertedRow<LinkInviteRow>(
    db,
    'INSERT INTO link_invites (id, organization_id, role, secret_hash, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING *',
    [invite.id, invite.organizationId, invite.role, invite.secretHash, invite.createdBy],
  );
  return linkInviteOf(row);
}

export async function findLinkInvite(db: SqlExecutor, orgId: string, inviteId: string): Promise<LinkInvite | null> {
  const row = await queryOne<LinkInviteRow>(db, 'SELECT * FROM link_invites WHERE organization_id = $1 AND id = $2', [orgId, inviteId]);
  return row && linkInviteOf(row);
}

export async function listLinkInvites(db: SqlExecutor, orgId: string, page: PageRequest): Promise<Paged<LinkInvite>> {
  const { rows, total } = await pagedRows<LinkInviteRow>(
    db,
    { select: '*', from: 'FROM link_invites WHERE organization_id = $1', orderBy: 'created_at, id', params: [orgId] },
    page,
  );
  return { rows: rows.map(linkInviteOf), total };
}

export async function updateLinkInviteRole(db: SqlExecutor, orgId: string, inviteId: string, role: string, now: Date): Promise<LinkInvite | null> {
  const row = await queryOne<LinkInviteRow>(db, 'UPDATE link_invites SET role = $3, updated_at = $4 WHERE organization_id = $1 AND id = $2 RETURNING *', [
    orgId,
    inviteId,
    role,
    now,
  ]);
  return row && linkInviteOf(row);
}

export async function deleteLinkInvite(db: SqlExecutor, orgId: string, inviteId: string): Promise<LinkInvite | null> {
  const row = await queryOne<LinkInviteRow>(db, 'DELETE FROM link_invites WHERE organization_id = $1 AND id = $2 RETURNING *', [orgId, inviteId]);
  return row && linkInviteOf(row);
}
