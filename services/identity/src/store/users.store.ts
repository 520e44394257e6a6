import { newId, queryOne, queryRows, type SqlExecutor } from '@quire/common';

export interface UserRow {
  id: string;
  email: string;
  display_name: string;
  photo_url: string | null;
  created_at: Date;
}

export async function findUserById(db: SqlExecutor, id: string): Promise<UserRow | null> {
  return queryOne<UserRow>(db, 'SELECT * FROM users WHERE id = $1', [id]);
}

export async function findUsersByIds(db: SqlExecutor, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return queryRows<UserRow>(db, 'SELECT * FROM users WHERE id = ANY($1::text[])', [ids]);
}

export async function findUserByEmail(db: SqlExecutor, email: string): Promise<UserRow | null> {
  return queryOne<UserRow>(db, 'SELECT * FROM users WHERE email = $1', [email.toLowerCase()]);
}

/**
 * Returns the user with this e-mail, inserting it (display name from the e-mail) when missing.
 * The storage step only: domain code creates users through findOrCreateUser (domain/users.ts),
 * which also turns the address's pending invites into memberships.
 */
export async function insertUserUnlessExists(db: SqlExecutor, email: string, displayName?: string): Promise<{ user: UserRow; created: boolean }> {
  const normalized = email.toLowerCase();
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (id, email, display_name) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO NOTHING RETURNING *`,
    [newId(), normalized, displayName || normalized.split('@')[0]],
  );
  if (rows[0]) return { user: rows[0], created: true };
  const existing = await findUserByEmail(db, normalized);
  if (!existing) throw new Error('user vanished during insertUserUnlessExists');
  return { user: existing, created: false };
}

/**
 * Serializes, per e-mail address, creating its user with inviting it: without this an invite could
 * check "no such user", the user be created and take the pending invites, and the invite commit
 * after that and stay pending forever. Lock several addresses in sorted order (no deadlock).
 */
export async function lockEmailAddress(tx: SqlExecutor, email: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('identity.user-email:' || $1, 0))", [email.toLowerCase()]);
}

/** True when both users belong to at least one common organization. */
export async function shareAnOrganization(db: SqlExecutor, a: string, b: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM members m1 JOIN members m2 ON m1.organization_id = m2.organization_id
     WHERE m1.user_id = $1 AND m2.user_id = $2 LIMIT 1`,
    [a, b],
  );
  return rows.length > 0;
}

export async function countUsers(db: SqlExecutor): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return rows[0]?.n ?? 0;
}
