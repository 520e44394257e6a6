import { sql, typedSql, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { ApiTokensTable, Database } from '../../../database';
import type { Token } from '../model/token';

export type { Token };

const table = (db: SqlExecutor) => typedSql<Database>(db);

function tokenOf(row: Selectable<ApiTokensTable>): Token {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    tokenHash: row.token_hash,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export async function insertToken(db: SqlExecutor, token: { id: string; userId: string; name: string; hash: string }): Promise<void> {
  await table(db).insertInto('api_tokens').values({ id: token.id, user_id: token.userId, name: token.name, token_hash: token.hash }).execute();
}

export async function findActiveTokenByHash(db: SqlExecutor, hash: string): Promise<Token | null> {
  const row = await table(db).selectFrom('api_tokens').selectAll().where('token_hash', '=', hash).where('revoked_at', 'is', null).executeTakeFirst();
  return row ? tokenOf(row) : null;
}

/** Stamps last use at most once a minute per token, so authentication does not write on every call. */
export async function touchToken(db: SqlExecutor, id: string, now: Date): Promise<void> {
  await table(db)
    .updateTable('api_tokens')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`${now}::timestamptz - interval '1 minute'`)]))
    .execute();
}

export async function revokeTokenRow(db: SqlExecutor, id: string, now: Date): Promise<Token | null> {
  const row = await table(db)
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ? tokenOf(row) : null;
}

export async function findTokenById(db: SqlExecutor, id: string): Promise<Token | null> {
  const row = await table(db).selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? tokenOf(row) : null;
}

/** Revokes every active token of a user; returns them. */
export async function revokeTokensOfUser(db: SqlExecutor, userId: string, now: Date): Promise<Token[]> {
  const rows = await table(db)
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .execute();
  return rows.map(tokenOf);
}
