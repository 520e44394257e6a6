import { planAggregate, type AggregateQueryInput } from '../domain/aggregate-query';
import type { AggregatePlan } from '../model/aggregate-plan';
import { authorizeInsights } from '../policies/insights.policy';
import type { AggregateRow } from '../store/insights-store';
import type { Caller, InsightsQueryDeps } from './deps';

/** aggregateSiteEvents: any member reads a site's aggregates; the plan says how the rows are presented. */
export async function aggregateEvents(
  deps: InsightsQueryDeps,
  caller: Caller,
  input: { organizationId: string; siteId: string; query: AggregateQueryInput },
): Promise<{ plan: AggregatePlan; rows: AggregateRow[] }> {
  const scope = await authorizeInsights(deps, input.organizationId, input.siteId, caller.userId, 'read');
  const plan = planAggregate(input.query, deps.clock());
  return { plan, rows: await deps.store.aggregate(scope, plan) };
}
