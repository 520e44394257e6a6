import { sql, typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';
import type { GuestGrant } from '../model/guest';

const table = (db: SqlExecutor) => typedSql<Database>(db);

/** Records (or updates the role of) a grant to a user on a resource of the organization. */
export async function upsertGuestGrant(db: SqlExecutor, grant: GuestGrant, now: Date): Promise<void> {
  await table(db)
    .insertInto('guest_grants')
    .values({
      organization_id: grant.organizationId,
      user_id: grant.userId,
      resource_kind: grant.resource.kind,
      resource_id: grant.resource.id,
      role: grant.role,
      granted_at: now,
    })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id', 'resource_kind', 'resource_id']).doUpdateSet((eb) => ({ role: eb.ref('excluded.role') })))
    .execute();
}

export async function deleteGuestGrant(db: SqlExecutor, grant: Omit<GuestGrant, 'role'>): Promise<void> {
  await table(db)
    .deleteFrom('guest_grants')
    .where('organization_id', '=', grant.organizationId)
    .where('user_id', '=', grant.userId)
    .where('resource_kind', '=', grant.resource.kind)
    .where('resource_id', '=', grant.resource.id)
    .execute();
}

export async function countGuestGrants(db: SqlExecutor, orgId: string, userId: string): Promise<number> {
  const row = await table(db)
    .selectFrom('guest_grants')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('organization_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.n ?? 0;
}
