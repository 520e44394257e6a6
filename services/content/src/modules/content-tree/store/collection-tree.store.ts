import { typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';
import type { ContentNode } from '../model/content-access';

/** What a destination check needs of a collection content is put into. */
export interface DestinationCollection {
  id: string;
  organizationId: string;
  parentId: string | null;
  defaultLevel: string | null;
}

export async function findDestinationCollection(db: SqlExecutor, id: string): Promise<DestinationCollection | null> {
  const row = await typedSql<Database>(db)
    .selectFrom('collections')
    .select(['id', 'organization_id as organizationId', 'parent_id as parentId', 'default_level as defaultLevel'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** Every collection of some organizations as the permission rule sees it (the chains above their content). */
export async function collectionNodesIn(db: SqlExecutor, organizationIds: readonly string[]): Promise<(ContentNode & { organizationId: string })[]> {
  if (organizationIds.length === 0) return [];
  return typedSql<Database>(db)
    .selectFrom('collections')
    .select(['id', 'organization_id as organizationId', 'parent_id as parentId', 'default_level as defaultLevel'])
    .where('organization_id', 'in', [...organizationIds])
    .execute();
}

/** Every live space of an organization as the permission rule sees it (to filter the lists a caller sees). */
export async function spaceNodesIn(db: SqlExecutor, organizationId: string): Promise<ContentNode[]> {
  return typedSql<Database>(db)
    .selectFrom('spaces')
    .select(['id', 'parent_id as parentId', 'default_level as defaultLevel'])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .execute();
}
