import type { PageRequest } from '@quire/input';
import { containsPattern, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { Member, MemberWithUser } from '../model/member';

export type { Member, MemberWithUser };

interface MemberRow {
  organization_id: string;
  user_id: string;
  role: string;
  disabled: boolean;
  joined_at: Date;
  last_seen_at: Date | null;
}

function memberOf(row: MemberRow): Member {
  return {
    organizationId: row.organization_id,
    userId: row.user_id,
    role: row.role,
    disabled: row.disabled,
    joinedAt: row.joined_at,
    lastSeenAt: row.last_seen_at,
  };
}

/**
 * The select list of a MemberWithUser, for queries `FROM members m JOIN users u ON u.id = m.user_id`
 * (exported so other stores, e.g. teams, list members the same way); map rows with toMemberWithUser.
 */
export const MEMBER_WITH_USER_COLUMNS = `m.*, u.id AS u_id, u.email AS u_email, u.display_name AS u_display_name,
  u.photo_url AS u_photo_url, u.created_at AS u_created_at,
  (SELECT count(*)::int FROM team_members tm WHERE tm.organization_id = m.organization_id AND tm.user_id = m.user_id) AS team_count`;

/** A row of MEMBER_WITH_USER_COLUMNS (for the stores that select them). */
export type MemberWithUserRow = MemberRow & {
  u_id: string;
  u_email: string;
  u_display_name: string;
  u_photo_url: string | null;
  u_created_at: Date;
  team_count: number;
};

export function toMemberWithUser(r: MemberWithUserRow): MemberWithUser {
  return {
    ...memberOf(r),
    user: { id: r.u_id, email: r.u_email, displayName: r.u_display_name, photoUrl: r.u_photo_url, createdAt: r.u_created_at },
    teams: r.team_count,
  };
}

export async function findMembership(db: SqlExecutor, orgId: string, userId: string): Promise<Member | null> {
  const row = await queryOne<MemberRow>(db, 'SELECT * FROM members WHERE organization_id = $1 AND user_id = $2', [orgId, userId]);
  return row && memberOf(row);
}

export async function findMemberWithUser(db: SqlExecutor, orgId: string, userId: string): Promise<MemberWithUser | null> {
  const row = await queryOne<MemberWithUserRow>(
    db,
    `SELECT ${MEMBER_WITH_USER_COLUMNS} FROM members m JOIN users u ON u.id = m.user_id
     WHERE m.organization_id = $1 AND m.user_id = $2`,
    [orgId, userId],
  );
  return row && toMemberWithUser(row);
}

/** Adds a member or changes their role; returns the previous role (null when newly added). */
export async function upsertMember(db: SqlExecutor, orgId: string, userId: string, role: string): Promise<{ previousRole: string | null }> {
  const row = await queryOne<{ previous_role: string | null }>(
    db,
    `WITH previous AS (SELECT role FROM members WHERE organization_id = $1 AND user_id = $2)
     INSERT INTO members (organization_id, user_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (organization_id, user_id) DO UPDATE SET role = EXCLUDED.role
     RETURNING (SELECT role FROM previous) AS previous_role`,
    [orgId, userId, role],
  );
  return { previousRole: row?.previous_role ?? null };
}

/** Adds a member unless they already are one (whose role then stays); true when added. */
export async function insertMemberIfAbsent(db: SqlExecutor, orgId: string, userId: string, role: string): Promise<boolean> {
  const added = await queryRows<{ user_id: string }>(
    db,
    'INSERT INTO members (organization_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT (organization_id, user_id) DO NOTHING RETURNING user_id',
    [orgId, userId, role],
  );
  return added.length > 0;
}

export async function updateMemberRole(db: SqlExecutor, orgId: string, userId: string, role: string): Promise<void> {
  await db.query('UPDATE members SET role = $3 WHERE organization_id = $1 AND user_id = $2', [orgId, userId, role]);
}

/** Deletes a membership (its team memberships go with it: FK cascade); returns the deleted row. */
export async function deleteMember(db: SqlExecutor, orgId: string, userId: string): Promise<Member | null> {
  const row = await queryOne<MemberRow>(db, 'DELETE FROM members WHERE organization_id = $1 AND user_id = $2 RETURNING *', [orgId, userId]);
  return row && memberOf(row);
}

/**
 * Serializes the transactions that may take away an organization's last admin: each locks the
 * organization row first (NO KEY UPDATE, so inserts referencing the organization are not blocked),
 * then counts. Under READ COMMITTED the count after the lock sees every earlier such change.
 */
export async function lockAndCountActiveAdmins(tx: SqlExecutor, orgId: string): Promise<number> {
  await tx.query('SELECT id FROM organizations WHERE id = $1 FOR NO KEY UPDATE', [orgId]);
  const admins = await queryOne<{ n: number }>(tx, "SELECT count(*)::int AS n FROM members WHERE organization_id = $1 AND role = 'admin' AND NOT disabled", [
    orgId,
  ]);
  return admins?.n ?? 0;
}

export interface MemberListFilter {
  role?: string;
  search?: string;
  sort: 'joinedAt' | 'lastSeenAt' | 'name';
  order: 'asc' | 'desc';
}

const SORT_COLUMNS = { joinedAt: 'm.joined_at', lastSeenAt: 'm.last_seen_at', name: 'lower(u.display_name)' } as const;

export async function listMembers(db: SqlExecutor, orgId: string, filter: MemberListFilter, page: PageRequest): Promise<Paged<MemberWithUser>> {
  const where = ['m.organization_id = $1'];
  const params: unknown[] = [orgId];
  if (filter.role) {
    params.push(filter.role);
    where.push(`m.role = $${params.length}`);
  }
  if (filter.search) {
    params.push(containsPattern(filter.search));
    where.push(`(u.display_name ILIKE $${params.length} OR u.email ILIKE $${params.length})`);
  }
  // Sorting by last activity lists only members who have been seen (reference: listMembersInOrganizationById).
  if (filter.sort === 'lastSeenAt') where.push('m.last_seen_at IS NOT NULL');
  const sortColumn = SORT_COLUMNS[filter.sort];
  const direction = filter.order === 'asc' ? 'ASC' : 'DESC';
  const { rows, total } = await pagedRows<MemberWithUserRow>(
    db,
    {
      select: MEMBER_WITH_USER_COLUMNS,
      from: `FROM members m JOIN users u ON u.id = m.user_id WHERE ${where.join(' AND ')}`,
      orderBy: `${sortColumn} ${direction}, m.user_id ${direction}`,
      params,
    },
    page,
  );
  return { rows: rows.map(toMemberWithUser), total };
}

/** Records that a member was active, at most once a minute. */
export async function touchMember(db: SqlExecutor, orgId: string, userId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE members SET last_seen_at = $3 WHERE organization_id = $1 AND user_id = $2
     AND (last_seen_at IS NULL OR last_seen_at < $3::timestamptz - interval '1 minute')`,
    [orgId, userId, now],
  );
}
