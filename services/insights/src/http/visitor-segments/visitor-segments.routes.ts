import { Router, type Request, type Response } from 'express';
import { listEnvelope, parsePageRequest } from '@quire/common';
import { presentVisitorSegment } from '../../domain/aggregate-segments';
import { authorizeInsightsRead, type InsightsQueryDeps } from '../aggregate/site-access';

type SiteParams = { organizationId: string; siteId: string };

// Segments are few (one per distinct claim set); the store returns the biggest ones up to a cap
// and the page is cut from them.
const MAX_SEGMENTS = 1000;

/** GET .../insights/visitor-segments (reference listSiteVisitorSegments). */
export function visitorSegmentsRoutes(deps: InsightsQueryDeps): Router {
  const router = Router();
  router.get('/v1/orgs/:organizationId/sites/:siteId/insights/visitor-segments', async (req: Request<SiteParams>, res: Response) => {
    const page = parsePageRequest(req.query);
    const scope = await authorizeInsightsRead(deps, req.params.organizationId, req.params.siteId, req.principal.userId);
    const rows = await deps.store.visitorSegments(scope, MAX_SEGMENTS);
    const items = rows.slice(page.offset, page.offset + page.limit).map(presentVisitorSegment);
    res.json(listEnvelope(items, rows.length, page));
  });
  return router;
}
