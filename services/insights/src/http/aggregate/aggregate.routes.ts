import { Router } from 'express';
import { route } from '@quire/platform/http';
import { planAggregate } from '../../domain/aggregate-query';
import { authorizeInsights } from '../../policies/insights.policy';
import { presentAggregate } from '../../presenters/aggregate.presenter';
import type { InsightsQueryDeps } from '../deps';
import { siteParams } from '../params.schema';
import { aggregateBody } from './aggregate.schema';

/** POST .../insights/events/aggregate (reference aggregateSiteEvents). */
export function aggregateRoutes(deps: InsightsQueryDeps): Router {
  const router = Router();
  router.post(
    '/v1/orgs/:organizationId/sites/:siteId/insights/events/aggregate',
    route({ params: siteParams, body: aggregateBody }, async ({ params, body, principal }, res) => {
      const scope = await authorizeInsights(deps, params.organizationId, params.siteId, principal.userId, 'read');
      const plan = planAggregate(body, deps.clock());
      res.json(presentAggregate(plan, await deps.store.aggregate(scope, plan)));
    }),
  );
  return router;
}
