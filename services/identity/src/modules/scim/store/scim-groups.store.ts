import { typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';
import type { ScimGroupRecord } from '../model/scim-connection';

const table = (db: SqlExecutor) => typedSql<Database>(db);

const groupQuery = (db: SqlExecutor, connectionId: string) =>
  table(db)
    .selectFrom('scim_groups as g')
    .selectAll('g')
    .select((eb) =>
      eb
        .selectFrom('team_members as m')
        .select((m) => m.fn.coalesce(m.fn.agg<string[]>('array_agg', ['m.user_id']), m.val<string[]>([])).as('ids'))
        .whereRef('m.team_id', '=', 'g.team_id')
        .as('member_ids'),
    )
    .where('g.connection_id', '=', connectionId);

type GroupRow = Awaited<ReturnType<ReturnType<typeof groupQuery>['executeTakeFirstOrThrow']>>;

function groupOf(row: GroupRow): ScimGroupRecord {
  return {
    connectionId: row.connection_id,
    teamId: row.team_id,
    displayName: row.display_name,
    resource: row.resource as Record<string, unknown>,
    memberIds: [...(row.member_ids ?? [])].sort(),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findScimGroup(db: SqlExecutor, connectionId: string, teamId: string): Promise<ScimGroupRecord | null> {
  const row = await groupQuery(db, connectionId).where('g.team_id', '=', teamId).executeTakeFirst();
  return row ? groupOf(row) : null;
}

/** Every group of the connection, oldest first (filters are evaluated on the representation). */
export async function listScimGroupRows(db: SqlExecutor, connectionId: string): Promise<ScimGroupRecord[]> {
  const rows = await groupQuery(db, connectionId).orderBy('g.created_at').orderBy('g.team_id').execute();
  return rows.map(groupOf);
}

export async function upsertScimGroup(
  db: SqlExecutor,
  group: { connectionId: string; teamId: string; displayName: string; resource: Record<string, unknown> },
  now: Date,
): Promise<void> {
  const values = { display_name: group.displayName, resource: JSON.stringify(group.resource), updated_at: now };
  await table(db)
    .insertInto('scim_groups')
    .values({ connection_id: group.connectionId, team_id: group.teamId, ...values, created_at: now })
    .onConflict((oc) => oc.columns(['connection_id', 'team_id']).doUpdateSet(values))
    .execute();
}

/** The organization members among these user ids (only they can be in a team). */
export async function filterOrganizationMembers(db: SqlExecutor, orgId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await table(db).selectFrom('members').select('user_id').where('organization_id', '=', orgId).where('user_id', 'in', userIds).execute();
  return rows.map((r) => r.user_id);
}
