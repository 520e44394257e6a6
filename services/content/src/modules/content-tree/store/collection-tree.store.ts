import { queryOne, type SqlExecutor } from '@quire/platform/sql';

/**
 * `tree(id, sort_path)`: every collection of the organization given as `$1`, with the ordering
 * keys from the top level down to it joined by a space (which sorts below every key character),
 * so sorting by `sort_path` lists a collection right before its contents. Use after `WITH RECURSIVE`.
 */
export const COLLECTION_TREE_CTE = `tree AS (
  SELECT id, position COLLATE "C" AS sort_path FROM collections WHERE organization_id = $1 AND parent_id IS NULL
  UNION ALL
  SELECT c.id, (t.sort_path || ' ' || c.position) COLLATE "C" FROM collections c JOIN tree t ON c.parent_id = t.id
)`;

/** What a destination check needs of a collection content is put into. */
export interface DestinationCollection {
  id: string;
  organizationId: string;
  defaultLevel: string;
}

export function findDestinationCollection(db: SqlExecutor, id: string): Promise<DestinationCollection | null> {
  return queryOne<DestinationCollection>(db, 'SELECT id, organization_id AS "organizationId", default_level AS "defaultLevel" FROM collections WHERE id = $1', [
    id,
  ]);
}
