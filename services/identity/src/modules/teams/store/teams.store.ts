import type { PageRequest } from '@quire/input';
import { containsPattern, pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, TeamsTable } from '../../../database';
import type { Team, TeamSummary, TeamMemberWithUser } from '../model/team';

export type { Team, TeamSummary, TeamMemberWithUser };

const table = (db: SqlExecutor) => typedSql<Database>(db);

function teamOf(row: Selectable<TeamsTable>): Team {
  return {
    id: row.id,
    organizationId: row.organization_id,
    title: row.title,
    provisionedBy: row.provisioned_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface TeamListFilter {
  /** Only the teams this member can manage (all of them for an organization admin). */
  owner?: string;
  /** Case-insensitive "contains" on the title. */
  title?: string;
}

// A team with its member count and the caller's role in it.
const summaryQuery = (db: SqlExecutor, callerId: string) =>
  table(db)
    .selectFrom('teams as t')
    .selectAll('t')
    .select([
      sql<number>`(SELECT count(*)::int FROM team_members c WHERE c.team_id = t.id)`.as('member_count'),
      sql<string | null>`(SELECT r.role FROM team_members r WHERE r.team_id = t.id AND r.user_id = ${callerId})`.as('caller_team_role'),
    ]);

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

function teamSummaryOf({ member_count, caller_team_role, ...row }: SummaryRow): TeamSummary {
  return { ...teamOf(row), memberCount: member_count, callerTeamRole: caller_team_role };
}

export async function insertTeam(
  db: SqlExecutor,
  team: { id: string; organizationId: string; title: string; provisionedBy?: string },
  now: Date,
): Promise<Team> {
  const row = await table(db)
    .insertInto('teams')
    .values({
      id: team.id,
      organization_id: team.organizationId,
      title: team.title,
      provisioned_by: team.provisionedBy ?? null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return teamOf(row);
}

export async function updateTeamTitle(db: SqlExecutor, orgId: string, teamId: string, title: string, now: Date): Promise<Team | null> {
  const row = await table(db)
    .updateTable('teams')
    .set({ title, updated_at: now })
    .where('organization_id', '=', orgId)
    .where('id', '=', teamId)
    .returningAll()
    .executeTakeFirst();
  return row ? teamOf(row) : null;
}

/** Deletes a team (its memberships cascade); returns the user ids that were in it, or null when there was no such team. */
export async function deleteTeamRow(db: SqlExecutor, orgId: string, teamId: string): Promise<string[] | null> {
  const members = await table(db)
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('organization_id', '=', orgId)
    .orderBy('user_id')
    .execute();
  const { numDeletedRows } = await table(db).deleteFrom('teams').where('organization_id', '=', orgId).where('id', '=', teamId).executeTakeFirst();
  return numDeletedRows > 0n ? members.map((r) => r.user_id) : null;
}

/** Locks the team row for the rest of the transaction, so concurrent member updates apply one after the other. */
export async function lockTeam(db: SqlExecutor, orgId: string, teamId: string): Promise<Team | null> {
  const row = await table(db).selectFrom('teams').selectAll().where('organization_id', '=', orgId).where('id', '=', teamId).forUpdate().executeTakeFirst();
  return row ? teamOf(row) : null;
}

export async function findTeamSummary(db: SqlExecutor, orgId: string, teamId: string, callerId: string): Promise<TeamSummary | null> {
  const row = await summaryQuery(db, callerId).where('t.organization_id', '=', orgId).where('t.id', '=', teamId).executeTakeFirst();
  return row ? teamSummaryOf(row) : null;
}

export async function listTeamRows(db: SqlExecutor, orgId: string, callerId: string, filter: TeamListFilter, page: PageRequest): Promise<Paged<TeamSummary>> {
  let query = summaryQuery(db, callerId).where('t.organization_id', '=', orgId);
  if (filter.title) query = query.where('t.title', 'ilike', containsPattern(filter.title));
  const owner = filter.owner;
  if (owner !== undefined) {
    // Who can manage a team: an active organization admin, or an owner of that team (see team.policy).
    query = query.where(
      sql<boolean>`EXISTS (SELECT 1 FROM members om WHERE om.organization_id = t.organization_id AND om.user_id = ${owner} AND NOT om.disabled
        AND (om.role = 'admin' OR EXISTS (SELECT 1 FROM team_members ot WHERE ot.team_id = t.id AND ot.user_id = ${owner} AND ot.role = 'owner')))`,
    );
  }
  const { rows, total } = await pagedSelect(query.orderBy('t.created_at').orderBy('t.id'), page);
  return { rows: rows.map(teamSummaryOf), total };
}

/**
 * The organization members named by user id or e-mail address (any case), locked against removal
 * (not against role changes) until the transaction ends, so the memberships written next still reference them.
 */
export async function findMembersByIdentifiers(db: SqlExecutor, orgId: string, identifiers: string[]): Promise<{ userId: string; email: string }[]> {
  if (identifiers.length === 0) return [];
  const rows = await table(db)
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email'])
    .where('m.organization_id', '=', orgId)
    // Teams group members: a guest (no role) is not one.
    .where('m.role', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('m.user_id', '=', sql<string>`ANY(${identifiers}::text[])`),
        eb('u.email', '=', sql<string>`ANY(${identifiers.map((i) => i.toLowerCase())}::text[])`),
      ]),
    )
    .forKeyShare('m')
    .execute();
  return rows.map((r) => ({ userId: r.user_id, email: r.email }));
}

/** Team role of every current member of the team, by user id. */
export async function findTeamRoles(db: SqlExecutor, teamId: string): Promise<Map<string, string>> {
  const rows = await table(db).selectFrom('team_members').select(['user_id', 'role']).where('team_id', '=', teamId).execute();
  return new Map(rows.map((r) => [r.user_id, r.role]));
}

/** Adds members to a team or changes their role. */
export async function upsertTeamMembers(db: SqlExecutor, orgId: string, teamId: string, entries: { userId: string; role: string }[], now: Date): Promise<void> {
  if (entries.length === 0) return;
  await table(db)
    .insertInto('team_members')
    .values(entries.map((e) => ({ team_id: teamId, organization_id: orgId, user_id: e.userId, role: e.role, joined_at: now })))
    .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet((eb) => ({ role: eb.ref('excluded.role') })))
    .execute();
}

export async function deleteTeamMembers(db: SqlExecutor, teamId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await table(db)
    .deleteFrom('team_members')
    .where('team_id', '=', teamId)
    .where('user_id', '=', sql<string>`ANY(${userIds}::text[])`)
    .execute();
}

/**
 * Members of a team with their organization membership and user, oldest team membership first.
 * The members and users tables belong to the accounts module; this reads only what a team member embeds.
 */
export async function listTeamMemberRows(db: SqlExecutor, teamId: string, page: PageRequest): Promise<Paged<TeamMemberWithUser>> {
  // Every team member is a member of the organization (foreign key), so the joins drop no row.
  const query = table(db)
    .selectFrom('team_members as membership')
    .innerJoin('members as m', (join) => join.onRef('m.organization_id', '=', 'membership.organization_id').onRef('m.user_id', '=', 'membership.user_id'))
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('m')
    .select([
      'u.id as u_id',
      'u.email as u_email',
      'u.display_name as u_display_name',
      'u.photo_url as u_photo_url',
      'u.created_at as u_created_at',
      sql<number>`(SELECT count(*)::int FROM team_members tm WHERE tm.organization_id = m.organization_id AND tm.user_id = m.user_id)`.as('team_count'),
      'membership.role as team_role',
    ])
    .where('membership.team_id', '=', teamId)
    .orderBy('membership.joined_at')
    .orderBy('membership.user_id');
  const { rows, total } = await pagedSelect(query, page);
  return {
    rows: rows.map((r) => ({
      organizationId: r.organization_id,
      userId: r.user_id,
      role: r.role,
      disabled: r.disabled,
      joinedAt: r.joined_at,
      lastSeenAt: r.last_seen_at,
      user: { id: r.u_id, email: r.u_email, displayName: r.u_display_name, photoUrl: r.u_photo_url, createdAt: r.u_created_at },
      teams: r.team_count,
      teamRole: r.team_role,
    })),
    total,
  };
}

/** The ids of the organization's teams the user belongs to, oldest membership first. */
export async function listTeamIdsOfMember(db: SqlExecutor, orgId: string, userId: string): Promise<string[]> {
  const rows = await table(db)
    .selectFrom('team_members')
    .select('team_id')
    .where('organization_id', '=', orgId)
    .where('user_id', '=', userId)
    .orderBy('joined_at')
    .orderBy('team_id')
    .execute();
  return rows.map((r) => r.team_id);
}

/** Every team membership of the organization: the team ids of each member in it. */
export async function listTeamIdsByMember(db: SqlExecutor, orgId: string): Promise<Map<string, string[]>> {
  const rows = await table(db)
    .selectFrom('team_members')
    .select(['user_id', 'team_id'])
    .where('organization_id', '=', orgId)
    .orderBy('joined_at')
    .orderBy('team_id')
    .execute();
  const byMember = new Map<string, string[]>();
  for (const row of rows) byMember.set(row.user_id, [...(byMember.get(row.user_id) ?? []), row.team_id]);
  return byMember;
}

/** A page of the organization's teams `memberId` is in, each with their team role, presented for `callerId`. */
export async function listTeamsOfMemberRows(
  db: SqlExecutor,
  orgId: string,
  memberId: string,
  callerId: string,
  filter: { title?: string },
  page: PageRequest,
): Promise<Paged<{ team: TeamSummary; memberRole: string }>> {
  let query = summaryQuery(db, callerId)
    .innerJoin('team_members as mm', 'mm.team_id', 't.id')
    .select('mm.role as member_team_role')
    .where('t.organization_id', '=', orgId)
    .where('mm.user_id', '=', memberId);
  if (filter.title) query = query.where('t.title', 'ilike', containsPattern(filter.title));
  const { rows, total } = await pagedSelect(query.orderBy('t.created_at').orderBy('t.id'), page);
  return { rows: rows.map(({ member_team_role, ...row }) => ({ team: teamSummaryOf(row), memberRole: member_team_role })), total };
}
