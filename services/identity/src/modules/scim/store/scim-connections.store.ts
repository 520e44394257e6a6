import type { Role } from '@quire/access';
import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, ScimConnectionsTable } from '../../../database';
import type { ScimConnection, ScimProvider } from '../model/scim-connection';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function connectionOf(row: Selectable<ScimConnectionsTable>): ScimConnection {
  return {
    id: row.id,
    organizationId: row.organization_id,
    label: row.label,
    provider: row.provider as ScimProvider,
    tokenHint: row.token_hint,
    tokenCreatedAt: row.token_created_at,
    lastUsedAt: row.last_used_at,
    defaultRole: row.default_role as Role,
    groupRoles: (row.group_roles ?? {}) as Record<string, Role>,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertScimConnection(
  db: SqlExecutor,
  c: {
    id: string;
    organizationId: string;
    label: string;
    provider: ScimProvider;
    tokenHash: string;
    tokenHint: string;
    defaultRole: Role;
    groupRoles: Record<string, Role>;
  },
  now: Date,
): Promise<ScimConnection> {
  const row = await table(db)
    .insertInto('scim_connections')
    .values({
      id: c.id,
      organization_id: c.organizationId,
      label: c.label,
      provider: c.provider,
      token_hash: c.tokenHash,
      token_hint: c.tokenHint,
      token_created_at: now,
      default_role: c.defaultRole,
      group_roles: JSON.stringify(c.groupRoles),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return connectionOf(row);
}

export async function findScimConnection(db: SqlExecutor, orgId: string, id: string): Promise<ScimConnection | null> {
  const row = await table(db).selectFrom('scim_connections').selectAll().where('organization_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  return row ? connectionOf(row) : null;
}

/** The connection whose token hashes to this, if it is the one named in the URL. */
export async function findScimConnectionByToken(db: SqlExecutor, id: string, tokenHash: string): Promise<ScimConnection | null> {
  const row = await table(db).selectFrom('scim_connections').selectAll().where('id', '=', id).where('token_hash', '=', tokenHash).executeTakeFirst();
  return row ? connectionOf(row) : null;
}

export async function listScimConnectionRows(db: SqlExecutor, orgId: string, page: PageRequest): Promise<Paged<ScimConnection>> {
  const query = table(db).selectFrom('scim_connections').selectAll().where('organization_id', '=', orgId).orderBy('created_at').orderBy('id');
  const { rows, total } = await pagedSelect(query, page);
  return { rows: rows.map(connectionOf), total };
}

/** Replaces the token; the old hash matches nothing from the commit on. */
export async function replaceScimToken(
  db: SqlExecutor,
  orgId: string,
  id: string,
  token: { hash: string; hint: string },
  now: Date,
): Promise<ScimConnection | null> {
  const row = await table(db)
    .updateTable('scim_connections')
    .set({ token_hash: token.hash, token_hint: token.hint, token_created_at: now, updated_at: now })
    .where('organization_id', '=', orgId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? connectionOf(row) : null;
}

export async function deleteScimConnectionRow(db: SqlExecutor, orgId: string, id: string): Promise<boolean> {
  const { numDeletedRows } = await table(db).deleteFrom('scim_connections').where('organization_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  return numDeletedRows > 0n;
}

/** Stamps last use at most once a minute, so provisioning does not write on every request. */
export async function touchScimConnection(db: SqlExecutor, id: string, now: Date): Promise<void> {
  await table(db)
    .updateTable('scim_connections')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`${now}::timestamptz - interval '1 minute'`)]))
    .execute();
}
