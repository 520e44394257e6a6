import { newId } from '@quire/ids';
import { sql, typedSql, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, UsersTable } from '../../../database';
import type { User } from '../model/user';

export type { User };

const table = (db: SqlExecutor) => typedSql<Database>(db);

function userOf(row: Selectable<UsersTable>): User {
  return { id: row.id, email: row.email, displayName: row.display_name, photoUrl: row.photo_url, createdAt: row.created_at };
}

export async function findUserById(db: SqlExecutor, id: string): Promise<User | null> {
  const row = await table(db).selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? userOf(row) : null;
}

/** Changes a user's profile fields that are present (undefined leaves one as it is; photoUrl null removes the photo). */
export async function updateUserProfile(db: SqlExecutor, id: string, changes: { displayName?: string; photoUrl?: string | null }): Promise<User | null> {
  const row = await table(db)
    .updateTable('users')
    .set({ display_name: changes.displayName, photo_url: changes.photoUrl })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? userOf(row) : null;
}

export async function findUsersByIds(db: SqlExecutor, ids: string[]): Promise<User[]> {
  if (ids.length === 0) return [];
  const rows = await table(db)
    .selectFrom('users')
    .selectAll()
    .where('id', '=', sql<string>`ANY(${ids}::text[])`)
    .execute();
  return rows.map(userOf);
}

export async function findUserByEmail(db: SqlExecutor, email: string): Promise<User | null> {
  const row = await table(db).selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row ? userOf(row) : null;
}

/**
 * Returns the user with this e-mail, inserting it (display name from the e-mail) when missing.
 * The storage step only: use cases create users through findOrCreateUser (application/), which
 * also turns the address's pending invites into memberships.
 */
export async function insertUserUnlessExists(db: SqlExecutor, email: string, displayName?: string): Promise<{ user: User; created: boolean }> {
  const normalized = email.toLowerCase();
  const inserted = await table(db)
    .insertInto('users')
    .values({ id: newId(), email: normalized, display_name: displayName || (normalized.split('@')[0] ?? normalized) })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
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
  await sql`SELECT pg_advisory_xact_lock(hashtextextended('identity.user-email:' || ${email.toLowerCase()}, 0))`.execute(table(tx));
}

/** True when `a` is a member (not a guest) of an organization `b` belongs to (as a member or a guest). */
export async function shareAnOrganization(db: SqlExecutor, a: string, b: string): Promise<boolean> {
  const shared = await table(db)
    .selectFrom('members as m1')
    .innerJoin('members as m2', 'm1.organization_id', 'm2.organization_id')
    .select('m1.organization_id')
    .where('m1.user_id', '=', a)
    .where('m1.role', 'is not', null)
    .where('m2.user_id', '=', b)
    .limit(1)
    .executeTakeFirst();
  return shared !== undefined;
}

export async function countUsers(db: SqlExecutor): Promise<number> {
  const row = await table(db)
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

const BOOTSTRAP_LOCK_KEY = 7_240_114;

/** Held until the transaction ends, so replicas starting together bootstrap an empty store once. */
export async function lockBootstrap(tx: SqlExecutor): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`.execute(table(tx));
}
