import express, { Router } from 'express';
import { parseInput, resourceId, z } from '@quire/input';
import { requireAdminCall } from '@quire/platform/http';
import type { SqlDatabase } from '@quire/platform/sql';
import { listIndexedSpaces } from '../application/list-indexed-spaces';
import { rebuildSpaceIndex } from '../application/rebuild-space-index';
import { vacuumSearchIndex } from '../application/vacuum-search-index';
import type { SectionsOf } from '../domain/search-indexer';

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
    res.json({ items: await listIndexedSpaces(db) });
  });
  // A full rebuild of one space: every page rewritten; a deleted or purged space's rows removed.
  router.post(`${SEARCH_ADMIN_PATH}/rebuild`, requireAdminCall(SEARCH_REBUILD, internalSecret), express.json({ limit: '10kb' }), async (req, res) => {
    const { spaceId } = parseInput(rebuildBody, req.body ?? {});
    const outcome = await rebuildSpaceIndex(db, sections, spaceId);
    res.json({ spaceId, ...outcome });
  });
  // After a full rebuild (the CLI's last call): dead rows reclaimed, statistics refreshed.
  router.post(`${SEARCH_ADMIN_PATH}/vacuum`, requireAdminCall(SEARCH_VACUUM, internalSecret), async (_req, res) => {
    await vacuumSearchIndex(db);
    res.json({ vacuumed: true });
  });
  return router;
}
