import type { PageRequest } from '@quire/input';
import { containsPattern, insertedRow, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';
import { MEMBER_WITH_USER_COLUMNS, toMemberWithUser, type MemberWithUserRow } from '../../accounts';
import type { Team, TeamSummary, TeamMemberWithUser } from '../model/team';

export type { Team, TeamSummary, TeamMemberWithUser };

interface TeamRow {
  id: string;
  organization_id: string;
  title: string;
  created_at: Date;
  updated_at: Date;
}

type TeamSummaryRow = TeamRow & { member_count: number; caller_team_role: string | null };

function teamOf(row: TeamRow): Team {
  return { id: row.id, organizationId: row.organization_id, title: row.title, createdAt: row.created_at, updatedAt: row.updated_at };
}

function teamSummaryOf(row: TeamSummaryRow): TeamSummary {
  return { ...teamOf(row), memberCount: row.member_count, callerTeamRole: row.caller_team_role };
}

export interface TeamListFilter {
  /** Only the teams this member can manage (all of them for an organization admin). */
  owner?: string;
  /** Case-insensitive "contains" on the title. */
  title?: string;
}

// Positional placeholders of the caller in the summary columns are appended by each query.
const summaryColumns = (callerParam: string) =>
  `t.*, (SELECT count(*)::int FROM team_members c WHERE c.team_id = t.id) AS member_count,
   (SELECT r.role FROM team_members r WHERE r.team_id = t.id AND r.user_id = ${callerParam}) AS caller_team_role`;

export async function insertTeam(db: SqlExecutor, team: { id: string; organizationId: string; title: string }, now: Date): Promise<Team> {
  const row = await insertedRow<TeamRow>(db, 'INSERT INTO teams (id, organization_id, title, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) RETURNING *', [
    team.id,
    team.organizationId,
    team.title,
    now,
  ]);
  return teamOf(row);
}

export async function updateTeamTitle(db: SqlExecutor, orgId: string, teamId: string, title: string, now: Date): Promise<Team | null> {
  const row = await queryOne<TeamRow>(db, 'UPDATE teams SET title = $3, updated_at = $4 WHERE organization_id = $1 AND id = $2 RETURNING *', [
    orgId,
    teamId,
    title,
    now,
  ]);
  return row && teamOf(row);
}

/** Deletes a team (its memberships cascade); returns the user ids that were in it, or null when there was no such team. */
export async function deleteTeam(db: SqlExecutor, orgId: string, teamId: string): Promise<string[] | null> {
  const members = await queryRows<{ user_id: string }>(db, 'SELECT user_id FROM team_members WHERE team_id = $1 AND organization_id = $2 ORDER BY user_id', [
    teamId,
    orgId,
  ]);
  const { rowCount } = await db.query('DELETE FROM teams WHERE organization_id = $1 AND id = $2', [orgId, teamId]);
  return rowCount > 0 ? members.map((r) => r.user_id) : null;
}

/** Locks the team row for the rest of the transaction, so concurrent member updates apply one after the other. */
export async function lockTeam(db: SqlExecutor, orgId: string, teamId: string): Promise<Team | null> {
  const row = await queryOne<TeamRow>(db, 'SELECT * FROM teams WHERE organization_id = $1 AND id = $2 FOR UPDATE', [orgId, teamId]);
  return row && teamOf(row);
}

export async function findTeamSummary(db: SqlExecutor, orgId: string, teamId: string, callerId: string): Promise<TeamSummary | null> {
  const row = await queryOne<TeamSummaryRow>(db, `SELECT ${summaryColumns('$3')} FROM teams t WHERE t.organization_id = $1 AND t.id = $2`, [
    orgId,
    teamId,
    callerId,
  ]);
  return row && teamSummaryOf(row);
}

export async function listTeams(db: SqlExecutor, orgId: string, callerId: string, filter: TeamListFilter, page: PageRequest): Promise<Paged<TeamSummary>> {
  const where = ['t.organization_id = $1'];
  const params: unknown[] = [orgId];
  if (filter.title) {
    params.push(containsPattern(filter.title));
    where.push(`t.title ILIKE $${params.length}`);
  }
  if (filter.owner !== undefined) {
    params.push(filter.owner);
    const owner = `$${params.length}`;
    // Who can manage a team: an active organization admin, or an owner of that team (see team.policy).
    where.push(`EXISTS (SELECT 1 FROM members om WHERE om.organization_id = t.organization_id AND om.user_id = ${owner} AND NOT om.disabled
      AND (om.role = 'admin' OR EXISTS (SELECT 1 FROM team_members ot WHERE ot.team_id = t.id AND ot.user_id = ${owner} AND ot.role = 'owner')))`);
  }
  params.push(callerId);
  const { rows, total } = await pagedRows<TeamSummaryRow>(
    db,
    { select: summaryColumns(`$${params.length}`), from: `FROM teams t WHERE ${where.join(' AND ')}`, orderBy: 't.created_at, t.id', params },
    page,
  );
  return { rows: rows.map(teamSummaryOf), total };
}

/**
 * The organization members named by user id or e-mail address (any case), locked against removal
 * (not against role changes) until the transaction ends, so the memberships written next still reference them.
 */
export async function findMembersByIdentifiers(db: SqlExecutor, orgId: string, identifiers: string[]): Promise<{ userId: string; email: string }[]> {
  if (identifiers.length === 0) return [];
  const rows = await queryRows<{ user_id: string; email: string }>(
    db,
    `SELECT m.user_id, u.email FROM members m JOIN users u ON u.id = m.user_id
     WHERE m.organization_id = $1 AND (m.user_id = ANY($2::text[]) OR u.email = ANY($3::text[]))
     FOR KEY SHARE OF m`,
    [orgId, identifiers, identifiers.map((i) => i.toLowerCase())],
  );
  return rows.map((r) => ({ userId: r.user_id, email: r.email }));
}

/** Team role of every current member of the team, by user id. */
export async function findTeamRoles(db: SqlExecutor, teamId: string): Promise<Map<string, string>> {
  const rows = await queryRows<{ user_id: string; role: string }>(db, 'SELECT user_id, role FROM team_members WHERE team_id = $1', [teamId]);
  return new Map(rows.map((r) => [r.user_id, r.role]));
}

/** Adds members to a team or changes their role. */
export async function upsertTeamMembers(db: SqlExecutor, orgId: string, teamId: string, entries: { userId: string; role: string }[], now: Date): Promise<void> {
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO team_members (team_id, organization_id, user_id, role, joined_at)
     SELECT $1, $2, e.user_id, e.role, $5 FROM unnest($3::text[], $4::text[]) AS e (user_id, role)
     ON CONFLICT (team_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
    [teamId, orgId, entries.map((e) => e.userId), entries.map((e) => e.role), now],
  );
}

export async function deleteTeamMembers(db: SqlExecutor, teamId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.query('DELETE FROM team_members WHERE team_id = $1 AND user_id = ANY($2::text[])', [teamId, userIds]);
}

/** Members of a team with their organization membership and user, oldest team membership first. */
export async function listTeamMembers(db: SqlExecutor, teamId: string, page: PageRequest): Promise<Paged<TeamMemberWithUser>> {
  // Every team member is a member of the organization (foreign key), so the joins drop no row.
  const { rows, total } = await pagedRows<MemberWithUserRow & { team_role: string }>(
    db,
    {
      select: `${MEMBER_WITH_USER_COLUMNS}, membership.role AS team_role`,
      from: `FROM team_members membership
       JOIN members m ON m.organization_id = membership.organization_id AND m.user_id = membership.user_id
       JOIN users u ON u.id = m.user_id
       WHERE membership.team_id = $1`,
      orderBy: 'membership.joined_at, membership.user_id',
      params: [teamId],
    },
    page,
  );
  return { rows: rows.map((r) => ({ ...toMemberWithUser(r), teamRole: r.team_role })), total };
}
