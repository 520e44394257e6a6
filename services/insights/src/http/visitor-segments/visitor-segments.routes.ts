import { Router } from 'express';
import { listEnvelope, pageQuery, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { authorizeInsights } from '../../policies/insights.policy';
import { presentVisitorSegment } from '../../presenters/visitor-segment.presenter';
import type { InsightsQueryDeps } from '../deps';
import { siteParams } from '../params.schema';

// Segments are few (one per distinct claim set); the store returns the biggest ones up to a cap
// and the page is cut from them.
const MAX_SEGMENTS = 1000;

/** GET .../insights/visitor-segments (reference listSiteVisitorSegments). */
export function visitorSegmentsRoutes(deps: InsightsQueryDeps): Router {
  const router = Router();
  router.get(
    '/v1/orgs/:organizationId/sites/:siteId/insights/visitor-segments',
    route({ params: siteParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const scope = await authorizeInsights(deps, params.organizationId, params.siteId, principal.userId, 'read');
      const rows = await deps.store.visitorSegments(scope, MAX_SEGMENTS);
      const items = rows.slice(page.offset, page.offset + page.limit).map(presentVisitorSegment);
      res.json(listEnvelope(items, rows.length, page));
    }),
  );
  return router;
}
