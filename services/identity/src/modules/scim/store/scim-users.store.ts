import { sql, typedSql, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, ScimUsersTable } from '../../../database';
import type { ScimUserRecord } from '../model/scim-connection';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function userOf(row: Selectable<ScimUsersTable>): ScimUserRecord {
  return {
    connectionId: row.connection_id,
    userId: row.user_id,
    userName: row.user_name,
    active: row.active,
    resource: row.resource as Record<string, unknown>,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findScimUser(db: SqlExecutor, connectionId: string, userId: string): Promise<ScimUserRecord | null> {
  const row = await table(db).selectFrom('scim_users').selectAll().where('connection_id', '=', connectionId).where('user_id', '=', userId).executeTakeFirst();
  return row ? userOf(row) : null;
}

/** Locks the user's row for a change (PUT, PATCH and DELETE of one user run one after another). */
export async function lockScimUser(db: SqlExecutor, connectionId: string, userId: string): Promise<ScimUserRecord | null> {
  const row = await table(db)
    .selectFrom('scim_users')
    .selectAll()
    .where('connection_id', '=', connectionId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row ? userOf(row) : null;
}

/** The user id holding this userName in the connection (case-insensitive), if any. */
export async function findScimUserIdByUserName(db: SqlExecutor, connectionId: string, userName: string): Promise<string | null> {
  const row = await table(db)
    .selectFrom('scim_users')
    .select('user_id')
    .where('connection_id', '=', connectionId)
    .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Every user of the connection, oldest first. Filters are evaluated on the representation, so a
 * list reads them all: a connection holds an organization's people, thousands at most.
 */
export async function listScimUserRows(db: SqlExecutor, connectionId: string): Promise<ScimUserRecord[]> {
  const rows = await table(db)
    .selectFrom('scim_users')
    .selectAll()
    .where('connection_id', '=', connectionId)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  return rows.map(userOf);
}

export async function upsertScimUser(db: SqlExecutor, user: Omit<ScimUserRecord, 'createdAt' | 'updatedAt'>, now: Date): Promise<ScimUserRecord> {
  const values = { user_name: user.userName, active: user.active, resource: JSON.stringify(user.resource), updated_at: now };
  const row = await table(db)
    .insertInto('scim_users')
    .values({ connection_id: user.connectionId, user_id: user.userId, ...values, created_at: now })
    .onConflict((oc) => oc.columns(['connection_id', 'user_id']).doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return userOf(row);
}

export async function deleteScimUserRow(db: SqlExecutor, connectionId: string, userId: string): Promise<boolean> {
  const { numDeletedRows } = await table(db)
    .deleteFrom('scim_users')
    .where('connection_id', '=', connectionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}

/** The display names of the connection's groups the user is in (for the group → role mapping). */
export async function listGroupNamesOfUser(db: SqlExecutor, connectionId: string, userId: string): Promise<string[]> {
  const rows = await table(db)
    .selectFrom('scim_groups as g')
    .innerJoin('team_members as m', 'm.team_id', 'g.team_id')
    .select('g.display_name')
    .where('g.connection_id', '=', connectionId)
    .where('m.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.display_name);
}
