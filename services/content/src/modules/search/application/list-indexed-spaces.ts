import type { SqlExecutor } from '@quire/platform/sql';
import { listSpaceIds } from '../store/search.store';

/** The spaces an operator's rebuild walks, one per call (search-admin.routes.ts). */
export function listIndexedSpaces(db: SqlExecutor): Promise<string[]> {
  return listSpaceIds(db);
}
