import type { Cache } from '@quire/platform/cache';
import type { SqlExecutor } from '@quire/platform/sql';
import { type LoadedRevision, loadRevision } from '../../revisions';
import { findSpaceById } from '../../spaces';

/** What the page reads for other services use: the database and the revision cache. */
export interface PageReadDeps {
  db: SqlExecutor;
  cache: Cache;
}

/** A live space's current revision, loaded (cached); null for an unknown or deleted space. No caller: internal reads for other services. */
export async function currentRevisionOf(deps: PageReadDeps, spaceId: string): Promise<LoadedRevision | null> {
  const space = spaceId ? await findSpaceById(deps.db, spaceId) : null;
  if (!space || space.deletedAt) return null;
  return loadRevision(deps.db, deps.cache, space.id, space.revisionId);
}
