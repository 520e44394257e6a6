import express, { Router } from 'express';
import { notFound } from '@quire/errors';
import { parseInput, resourceId, z } from '@quire/input';
import { requireAdminCall } from '@quire/platform/http';
import type { SqlDatabase } from '@quire/platform/sql';
import { reindexSpace, type SectionsOf } from '../../domain/search/search-indexer';
import { findSpaceToIndex, listSpaceIds, vacuumSearchIndex } from '../../store/search.store';

// The operator's door to the search index, used by `npm run -s cli -- search rebuild`: list the
// spaces, then rebuild them one per call (so the CLI can show progress and a long rebuild never
// holds one request or one transaction). Under /internal, which the gateway never proxies, and
// authenticated like the dead-letter routes: `signAdminCall(method, INTERNAL_SECRET)`.

export const SEARCH_ADMIN_PATH = '/internal/search';
export const SEARCH_SPACES = 'search.spaces';
export const SEARCH_REBUILD = 'search.rebuild';
export const SEARCH_VACUUM = 'search.vacuum';

const rebuildBody = z.object({ spaceId: resourceId }).strict();

export function searchAdminRoutes(db: SqlDatabase, internalSecret: string, sections: SectionsOf): Router {
  const router = Router();
  router.get(`${SEARCH_ADMIN_PATH}/spaces`, requireAdminCall(SEARCH_SPACES, internalSecret), async (_req, res) => {
    res.json({ items: await listSpaceIds(db) });
  });
  // A full rebuild of one space: every page rewritten; a deleted or purged space's rows removed.
  router.post(`${SEARCH_ADMIN_PATH}/rebuild`, requireAdminCall(SEARCH_REBUILD, internalSecret), express.json({ limit: '10kb' }), async (req, res) => {
    const { spaceId } = parseInput(rebuildBody, req.body ?? {});
    const exists = (await findSpaceToIndex(db, spaceId)) !== null;
    const outcome = await db.transaction((tx) => reindexSpace(tx, spaceId, { full: true, sections }));
    if (!exists && !outcome.removed) throw notFound(`Space ${spaceId} not found`);
    res.json({ spaceId, ...outcome });
  });
  // After a full rebuild (the CLI's last call): dead rows reclaimed, statistics refreshed.
  router.post(`${SEARCH_ADMIN_PATH}/vacuum`, requireAdminCall(SEARCH_VACUUM, internalSecret), async (_req, res) => {
    await vacuumSearchIndex(db);
    res.json({ vacuumed: true });
  });
  return router;
}
