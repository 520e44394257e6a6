import type { SqlExecutor } from '@quire/platform/sql';
import { vacuumSearchTables } from '../store/search.store';

/** After a full rebuild: dead rows reclaimed, statistics refreshed. */
export function vacuumSearchIndex(db: SqlExecutor): Promise<void> {
  return vacuumSearchTables(db);
}
