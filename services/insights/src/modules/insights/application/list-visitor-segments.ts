import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { authorizeInsights } from '../policies/insights.policy';
import type { VisitorSegmentRow } from '../store/insights-store';
import type { Caller, InsightsQueryDeps } from './deps';

// Segments are few (one per distinct claim set); the store returns the biggest ones up to a cap
// and the page is cut from them.
const MAX_SEGMENTS = 1000;

/** listSiteVisitorSegments: any member reads a site's visitor segments, biggest first. */
export async function listVisitorSegments(
  deps: InsightsQueryDeps,
  caller: Caller,
  input: { organizationId: string; siteId: string; page: PageRequest },
): Promise<Paged<VisitorSegmentRow>> {
  const scope = await authorizeInsights(deps, input.organizationId, input.siteId, caller.userId, 'read');
  const rows = await deps.store.visitorSegments(scope, MAX_SEGMENTS);
  return { rows: rows.slice(input.page.offset, input.page.offset + input.page.limit), total: rows.length };
}
