import { notFound } from '@quire/errors';
import type { SqlDatabase } from '@quire/platform/sql';
import type { ReindexOutcome, SectionsOf } from '../domain/search-indexer';
import { reindexSpace } from './reindex-space';
import { findSpaceToIndex } from '../store/search.store';

/** A full rebuild of one space's search rows: every page rewritten; a deleted or purged space's rows removed (404 for none at all). */
export async function rebuildSpaceIndex(db: SqlDatabase, sections: SectionsOf, spaceId: string): Promise<ReindexOutcome> {
  const exists = (await findSpaceToIndex(db, spaceId)) !== null;
  const outcome = await db.transaction((tx) => reindexSpace(tx, spaceId, { full: true, sections }));
  if (!exists && !outcome.removed) throw notFound(`Space ${spaceId} not found`);
  return outcome;
}
