import { typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';

const table = (db: SqlExecutor) => typedSql<Database>(db);

/**
 * Permanently removes spaces deleted at or before `cutoff` (at most `limit`), their revisions and
 * custom-field values going with them (FK cascade). SKIP LOCKED lets replicas sweep side by side.
 */
export async function purgeSpacesDeletedBefore(db: SqlExecutor, cutoff: Date, limit: number): Promise<{ id: string; organizationId: string }[]> {
  return table(db)
    .deleteFrom('spaces')
    .where('id', 'in', (eb) =>
      eb.selectFrom('spaces').select('id').where('deleted_at', '<=', cutoff).orderBy('deleted_at').limit(limit).forUpdate().skipLocked(),
    )
    .returning(['id', 'organization_id as organizationId'])
    .execute();
}
