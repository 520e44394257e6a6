import type { PageRequest } from '@quire/input';
import { pagedSelect, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, InvitesTable, LinkInvitesTable } from '../../../database';
import type { Invite, LinkInvite } from '../model/invite';

export type { Invite, LinkInvite };

const table = (db: SqlExecutor) => typedSql<Database>(db);

function inviteOf(row: Selectable<InvitesTable>): Invite {
  return { id: row.id, organizationId: row.organization_id, email: row.email, role: row.role, invitedBy: row.invited_by, createdAt: row.created_at };
}

function linkInviteOf(row: Selectable<LinkInvitesTable>): LinkInvite {
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
  const row = await table(db)
    .insertInto('invites')
    .values({ id: invite.id, organization_id: invite.organizationId, email: invite.email.toLowerCase(), role: invite.role, invited_by: invite.invitedBy })
    .onConflict((oc) =>
      oc.columns(['organization_id', 'email']).doUpdateSet((eb) => ({ role: eb.ref('excluded.role'), invited_by: eb.ref('excluded.invited_by') })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return inviteOf(row);
}

/** Removes and returns every pending invite of an address (when its user is created). */
export async function takePendingInvites(db: SqlExecutor, email: string): Promise<Invite[]> {
  const rows = await table(db).deleteFrom('invites').where('email', '=', email.toLowerCase()).returningAll().execute();
  return rows.map(inviteOf);
}

export async function insertLinkInvite(
  db: SqlExecutor,
  invite: { id: string; organizationId: string; role: string; secretHash: string; createdBy: string },
): Promise<LinkInvite> {
  const row = await table(db)
    .insertInto('link_invites')
    .values({ id: invite.id, organization_id: invite.organizationId, role: invite.role, secret_hash: invite.secretHash, created_by: invite.createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
  return linkInviteOf(row);
}

export async function findLinkInvite(db: SqlExecutor, orgId: string, inviteId: string): Promise<LinkInvite | null> {
  const row = await table(db).selectFrom('link_invites').selectAll().where('organization_id', '=', orgId).where('id', '=', inviteId).executeTakeFirst();
  return row ? linkInviteOf(row) : null;
}

/** The organization's invite link whose secret hashes to `secretHash` (the secret is the credential, the id is not). */
export async function findLinkInviteBySecretHash(db: SqlExecutor, orgId: string, secretHash: string): Promise<LinkInvite | null> {
  const row = await table(db)
    .selectFrom('link_invites')
    .selectAll()
    .where('organization_id', '=', orgId)
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
  return row ? linkInviteOf(row) : null;
}

export async function listLinkInviteRows(db: SqlExecutor, orgId: string, page: PageRequest): Promise<Paged<LinkInvite>> {
  const query = table(db).selectFrom('link_invites').selectAll().where('organization_id', '=', orgId).orderBy('created_at').orderBy('id');
  const { rows, total } = await pagedSelect(query, page);
  return { rows: rows.map(linkInviteOf), total };
}

export async function updateLinkInviteRole(db: SqlExecutor, orgId: string, inviteId: string, role: string, now: Date): Promise<LinkInvite | null> {
  const row = await table(db)
    .updateTable('link_invites')
    .set({ role, updated_at: now })
    .where('organization_id', '=', orgId)
    .where('id', '=', inviteId)
    .returningAll()
    .executeTakeFirst();
  return row ? linkInviteOf(row) : null;
}

export async function deleteLinkInviteRow(db: SqlExecutor, orgId: string, inviteId: string): Promise<LinkInvite | null> {
  const row = await table(db).deleteFrom('link_invites').where('organization_id', '=', orgId).where('id', '=', inviteId).returningAll().executeTakeFirst();
  return row ? linkInviteOf(row) : null;
}
