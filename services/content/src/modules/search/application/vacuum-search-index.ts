import type { SqlExecutor } from '@quire/platform/sql';
import { vacuumSearchIndex as vacuum } from '../store/search.store';

/** After a full rebuild: dead rows reclaimed, statistics refreshed. */
export function vacuumSearchIndex(db: SqlExecutor): Promise<void> {
  return vacuum(db);
}
