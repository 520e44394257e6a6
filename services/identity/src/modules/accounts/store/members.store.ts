import type { PageRequest } from '@quire/input';
import { containsPattern, pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, MembersTable } from '../../../database';
import type { Member, MemberWithUser } from '../model/member';

export type { Member, MemberWithUser };

const table = (db: SqlExecutor) => typedSql<Database>(db);

function memberOf(row: Selectable<MembersTable>): Member {
  return {
    organizationId: row.organization_id,
    userId: row.user_id,
    role: row.role,
    disabled: row.disabled,
    joinedAt: row.joined_at,
    lastSeenAt: row.last_seen_at,
  };
}

const withUserQuery = (db: SqlExecutor) =>
  table(db)
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('m')
    .select([
      'u.id as u_id',
      'u.email as u_email',
      'u.display_name as u_display_name',
      'u.photo_url as u_photo_url',
      'u.created_at as u_created_at',
      sql<number>`(SELECT count(*)::int FROM team_members tm WHERE tm.organization_id = m.organization_id AND tm.user_id = m.user_id)`.as('team_count'),
    ]);

type WithUserRow = Awaited<ReturnType<ReturnType<typeof withUserQuery>['executeTakeFirstOrThrow']>>;

function memberWithUserOf({ u_id, u_email, u_display_name, u_photo_url, u_created_at, team_count, ...row }: WithUserRow): MemberWithUser {
  return {
    ...memberOf(row),
    user: { id: u_id, email: u_email, displayName: u_display_name, photoUrl: u_photo_url, createdAt: u_created_at },
    teams: team_count,
  };
}

export async function findMembership(db: SqlExecutor, orgId: string, userId: string): Promise<Member | null> {
  const row = await table(db).selectFrom('members').selectAll().where('organization_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
  return row ? memberOf(row) : null;
}

/** The ids of the organizations a user is a member of (guests included). */
export async function listOrganizationIdsOfUser(db: SqlExecutor, userId: string): Promise<string[]> {
  const rows = await table(db).selectFrom('members').select('organization_id').where('user_id', '=', userId).orderBy('organization_id').execute();
  return rows.map((row) => row.organization_id);
}

/** An organization's active members and guests (role null), at most `limit`, by user id. */
export async function listActiveMemberRoles(db: SqlExecutor, orgId: string, limit: number): Promise<{ userId: string; role: string | null; joinedAt: Date }[]> {
  const rows = await table(db)
    .selectFrom('members')
    .select(['user_id', 'role', 'joined_at'])
    .where('organization_id', '=', orgId)
    .where('disabled', '=', false)
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, role: row.role, joinedAt: row.joined_at }));
}

export async function findMemberWithUser(db: SqlExecutor, orgId: string, userId: string): Promise<MemberWithUser | null> {
  const row = await withUserQuery(db).where('m.organization_id', '=', orgId).where('m.user_id', '=', userId).executeTakeFirst();
  return row ? memberWithUserOf(row) : null;
}

/** Adds a member or changes their role; returns the previous role (null when newly added). */
export async function upsertMember(db: SqlExecutor, orgId: string, userId: string, role: string): Promise<{ previousRole: string | null }> {
  const row = await table(db)
    .with('previous', (db) => db.selectFrom('members').select('role').where('organization_id', '=', orgId).where('user_id', '=', userId))
    .insertInto('members')
    .values({ organization_id: orgId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet((eb) => ({ role: eb.ref('excluded.role') })))
    .returning((eb) => eb.selectFrom('previous').select('role').as('previous_role'))
    .executeTakeFirst();
  return { previousRole: row?.previous_role ?? null };
}

/**
 * Makes a user a member with `role` unless they already are one (whose role then stays): inserts a
 * row, or gives a guest's row (no role) the role. Null when they were a member already.
 */
export async function admitMember(db: SqlExecutor, orgId: string, userId: string, role: string): Promise<'added' | 'promoted' | null> {
  const rows = await table(db)
    .with('previous', (db) => db.selectFrom('members').select('user_id').where('organization_id', '=', orgId).where('user_id', '=', userId))
    .insertInto('members')
    .values({ organization_id: orgId, user_id: userId, role })
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'user_id'])
        .doUpdateSet((eb) => ({ role: eb.ref('excluded.role') }))
        .where('members.role', 'is', null),
    )
    .returning((eb) => eb.selectFrom('previous').select('user_id').as('previous_user'))
    .execute();
  const [row] = rows;
  if (!row) return null;
  return row.previous_user === null ? 'added' : 'promoted';
}

/** Adds a guest (a member row with no role) unless the user has a row already; true when added. */
export async function insertGuestIfAbsent(db: SqlExecutor, orgId: string, userId: string, now: Date): Promise<boolean> {
  const added = await table(db)
    .insertInto('members')
    .values({ organization_id: orgId, user_id: userId, role: null, joined_at: now })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return added.length > 0;
}

/** Loads a membership locked for the rest of the transaction (guest grants change one after the other). */
export async function lockMembership(db: SqlExecutor, orgId: string, userId: string): Promise<Member | null> {
  const row = await table(db)
    .selectFrom('members')
    .selectAll()
    .where('organization_id', '=', orgId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row ? memberOf(row) : null;
}

/** Deletes a guest's row (never a member's); true when it was there. */
export async function deleteGuestRow(db: SqlExecutor, orgId: string, userId: string): Promise<boolean> {
  const { numDeletedRows } = await table(db)
    .deleteFrom('members')
    .where('organization_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('role', 'is', null)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}

export async function updateMemberRole(db: SqlExecutor, orgId: string, userId: string, role: string): Promise<void> {
  await table(db).updateTable('members').set({ role }).where('organization_id', '=', orgId).where('user_id', '=', userId).execute();
}

/** Deletes a membership (its team memberships go with it: FK cascade); returns the deleted row. */
export async function deleteMemberRow(db: SqlExecutor, orgId: string, userId: string): Promise<Member | null> {
  const row = await table(db).deleteFrom('members').where('organization_id', '=', orgId).where('user_id', '=', userId).returningAll().executeTakeFirst();
  return row ? memberOf(row) : null;
}

/**
 * Serializes the transactions that may take away an organization's last admin: each locks the
 * organization row first (NO KEY UPDATE, so inserts referencing the organization are not blocked),
 * then counts. Under READ COMMITTED the count after the lock sees every earlier such change.
 */
export async function lockAndCountActiveAdmins(tx: SqlExecutor, orgId: string): Promise<number> {
  await table(tx).selectFrom('organizations').select('id').where('id', '=', orgId).forNoKeyUpdate().execute();
  const admins = await table(tx)
    .selectFrom('members')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('organization_id', '=', orgId)
    .where('role', '=', 'admin')
    .where((eb) => eb.not(eb.ref('disabled')))
    .executeTakeFirst();
  return admins?.n ?? 0;
}

export interface MemberListFilter {
  role?: string;
  search?: string;
  sort: 'joinedAt' | 'lastSeenAt' | 'name';
  order: 'asc' | 'desc';
}

const SORT_COLUMNS = { joinedAt: sql`m.joined_at`, lastSeenAt: sql`m.last_seen_at`, name: sql`lower(u.display_name)` } as const;

export async function listMemberRows(db: SqlExecutor, orgId: string, filter: MemberListFilter, page: PageRequest): Promise<Paged<MemberWithUser>> {
  let query = withUserQuery(db).where('m.organization_id', '=', orgId);
  if (filter.role) query = query.where('m.role', '=', filter.role);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) => eb.or([eb('u.display_name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
  }
  // Sorting by last activity lists only members who have been seen (reference: listMembersInOrganizationById).
  if (filter.sort === 'lastSeenAt') query = query.where('m.last_seen_at', 'is not', null);
  const { rows, total } = await pagedSelect(query.orderBy(SORT_COLUMNS[filter.sort], filter.order).orderBy('m.user_id', filter.order), page);
  return { rows: rows.map(memberWithUserOf), total };
}

/** Records that a member was active, at most once a minute. */
export async function touchMember(db: SqlExecutor, orgId: string, userId: string, now: Date): Promise<void> {
  await table(db)
    .updateTable('members')
    .set({ last_seen_at: now })
    .where('organization_id', '=', orgId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', sql<Date>`${now}::timestamptz - interval '1 minute'`)]))
    .execute();
}
