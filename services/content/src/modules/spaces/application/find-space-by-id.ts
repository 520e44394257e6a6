import type { SqlExecutor } from '@quire/platform/sql';
import { findSpace } from '../store/spaces.store';
import type { Space } from '../model/space';

/** A space by id, deleted ones included (the caller decides what a deleted space means), for the modules above spaces. */
export function findSpaceById(db: SqlExecutor, id: string): Promise<Space | null> {
  return findSpace(db, id);
}
