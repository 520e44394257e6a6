import type { SqlExecutor } from '@quire/platform/sql';
import { listLiveSpaceRows } from '../store/spaces.store';
import type { SpaceWithCounts } from '../model/space';

/** Spaces that are not deleted, by id, in one query; unknown ids are left out (no access check: the caller's). */
export function findActiveSpacesWithCounts(db: SqlExecutor, ids: string[]): Promise<SpaceWithCounts[]> {
  return listLiveSpaceRows(db, ids);
}
