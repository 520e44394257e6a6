import { typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';

/** A user's role in the organization: undefined when not a member, null for a guest. */
export async function findMembershipRole(db: SqlExecutor, orgId: string, userId: string): Promise<string | null | undefined> {
  const row = await typedSql<Database>(db)
    .selectFrom('members')
    .select('role')
    .where('organization_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? row.role : undefined;
}
