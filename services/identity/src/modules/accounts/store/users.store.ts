import { newId } from '@quire/ids';
import { queryOne, queryRows, type SqlExecutor } from '@quire/platform/sql';
import type { User } from '../model/user';

export type { User };

interface UserRow {
  id: string;
  email: string;
  display_name: string;
  photo_url: string | null;
  created_at: Date;
}

function userOf(row: UserRow): User {
  return { id: row.id, email: row.email, displayName: row.display_name, photoUrl: row.photo_url, createdAt: row.created_at };
}

export async function findUserById(db: SqlExecutor, id: string): Promise<User | null> {
  const row = await queryOne<UserRow>(db, 'SELECT * FROM users WHERE id = $1', [id]);
  return row && userOf(row);
}

export async function findUsersByIds(db: SqlExecutor, ids: string[]): Promise<User[]> {
  if (ids.length === 0) return [];
  return (await queryRows<UserRow>(db, 'SELECT * FROM users WHERE id = ANY($1::text[])', [ids])).map(userOf);
}

export async function findUserByEmail(db: SqlExecutor, email: string): Promise<User | null> {
  const row = await queryOne<UserRow>(db, 'SELECT * FROM users WHERE email = $1', [email.toLowerCase()]);
  return row && userOf(row);
}

/**
 * Returns the user with this e-mail, inserting it (display name from the e-mail) when missing.
 * The storage step only: domain code creates users through findOrCreateUser (domain/users.ts),
 * which also turns the address's pending invites into memberships.
 */
export async function insertUserUnlessExists(db: SqlExecutor, email: string, displayName?: string): Promise<{ user: User; created: boolean }> {
  const normalized = email.toLowerCase();
  const inserted = await queryOne<UserRow>(
    db,
    `INSERT INTO users (id, email, display_name) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO NOTHING RETURNING *`,
    [newId(), normalized, displayName || normalized.split('@')[0]],
  );
  if (inserted) return { user: userOf(inserted), created: true };
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
  const shared = await queryOne<{ found: number }>(
    db,
    `SELECT 1 AS found FROM members m1 JOIN members m2 ON m1.organization_id = m2.organization_id
     WHERE m1.user_id = $1 AND m2.user_id = $2 LIMIT 1`,
    [a, b],
  );
  return shared !== null;
}

export async function countUsers(db: SqlExecutor): Promise<number> {
  return (await queryOne<{ n: number }>(db, 'SELECT count(*)::int AS n FROM users'))?.n ?? 0;
}
