import { queryOne, type SqlExecutor } from '@quire/platform/sql';

export interface Token {
  id: string;
  userId: string;
  name: string;
  tokenHash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

interface TokenRow {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

function tokenOf(row: TokenRow): Token {
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
  await db.query('INSERT INTO api_tokens (id, user_id, name, token_hash) VALUES ($1, $2, $3, $4)', [token.id, token.userId, token.name, token.hash]);
}

export async function findActiveTokenByHash(db: SqlExecutor, hash: string): Promise<Token | null> {
  const row = await queryOne<TokenRow>(db, 'SELECT * FROM api_tokens WHERE token_hash = $1 AND revoked_at IS NULL', [hash]);
  return row && tokenOf(row);
}

/** Stamps last use at most once a minute per token, so authentication does not write on every call. */
export async function touchToken(db: SqlExecutor, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE api_tokens SET last_used_at = $2
     WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`,
    [id, now],
  );
}

export async function revokeToken(db: SqlExecutor, id: string, now: Date): Promise<Token | null> {
  const row = await queryOne<TokenRow>(db, 'UPDATE api_tokens SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING *', [id, now]);
  return row && tokenOf(row);
}

export async function findTokenById(db: SqlExecutor, id: string): Promise<Token | null> {
  const row = await queryOne<TokenRow>(db, 'SELECT * FROM api_tokens WHERE id = $1', [id]);
  return row && tokenOf(row);
}
