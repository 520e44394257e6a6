import { typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';

/** What a destination check needs of a collection content is put into. */
export interface DestinationCollection {
  id: string;
  organizationId: string;
  defaultLevel: string;
}

export async function findDestinationCollection(db: SqlExecutor, id: string): Promise<DestinationCollection | null> {
  const row = await typedSql<Database>(db)
    .selectFrom('collections')
    .select(['id', 'organization_id as organizationId', 'default_level as defaultLevel'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}
