import { Router } from 'express';
import { listEnvelope, pageQuery, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import type { InsightsQueryDeps } from '../../application/deps';
import { listVisitorSegments } from '../../application/list-visitor-segments';
import { presentVisitorSegment } from '../../presenters/visitor-segment.presenter';
import { siteParams } from '../params.schema';

/** GET .../insights/visitor-segments (reference listSiteVisitorSegments). */
export function visitorSegmentsRoutes(deps: InsightsQueryDeps): Router {
  const router = Router();
  router.get(
    '/v1/orgs/:organizationId/sites/:siteId/insights/visitor-segments',
    route({ params: siteParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total } = await listVisitorSegments(deps, principal, { ...params, page });
      res.json(listEnvelope(rows.map(presentVisitorSegment), total, page));
    }),
  );
  return router;
}
