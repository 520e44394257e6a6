import { Router } from 'express';
import { route } from '@quire/platform/http';
import { aggregateEvents } from '../../application/aggregate-events';
import type { InsightsQueryDeps } from '../../application/deps';
import { presentAggregate } from '../../presenters/aggregate.presenter';
import { siteParams } from '../params.schema';
import { aggregateBody } from './aggregate.schema';

/** POST .../insights/events/aggregate (reference aggregateSiteEvents). */
export function aggregateRoutes(deps: InsightsQueryDeps): Router {
  const router = Router();
  router.post(
    '/v1/orgs/:organizationId/sites/:siteId/insights/events/aggregate',
    route({ params: siteParams, body: aggregateBody }, async ({ params, body, principal }, res) => {
      const { plan, rows } = await aggregateEvents(deps, principal, { ...params, query: body });
      res.json(presentAggregate(plan, rows));
    }),
  );
  return router;
}
