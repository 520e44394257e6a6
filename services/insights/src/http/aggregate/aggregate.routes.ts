import { Router, type Request, type Response } from 'express';
import { parseInput } from '@quire/common';
import { planAggregate } from '../../domain/aggregate-query';
import { presentAggregate } from '../../domain/aggregate-result';
import { aggregateBody } from './aggregate.schema';
import { authorizeInsightsRead, type InsightsQueryDeps } from './site-access';

type SiteParams = { organizationId: string; siteId: string };

/** POST .../insights/events/aggregate (reference aggregateSiteEvents). */
export function aggregateRoutes(deps: InsightsQueryDeps): Router {
  const router = Router();
  router.post('/v1/orgs/:organizationId/sites/:siteId/insights/events/aggregate', async (req: Request<SiteParams>, res: Response) => {
    const body = parseInput(aggregateBody, req.body ?? {});
    const scope = await authorizeInsightsRead(deps, req.params.organizationId, req.params.siteId, req.principal.userId);
    const plan = planAggregate(body, deps.clock());
    res.json(presentAggregate(plan, await deps.store.aggregate(scope, plan)));
  });
  return router;
}
