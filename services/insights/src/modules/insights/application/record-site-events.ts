import type { SiteInsightsEvent } from '../domain/site-insights-event';
import type { TrackEventsDeps } from './deps';
import { publishEvents } from './track-events';

/**
 * The reader's served answers (gRPC Insights.RecordSiteEvents), counted as site insights: the same enrichment
 * and topic as trackEventsInSiteById, on events validated by the same schema. No member check: the
 * caller is the reader, which had the site resolved by sites for the address it served. Resolves
 * once the events are on the bus.
 */
export async function recordSiteEvents(
  deps: Pick<TrackEventsDeps, 'bus' | 'clock' | 'config'>,
  input: { organizationId: string; siteId: string; events: SiteInsightsEvent[] },
): Promise<number> {
  if (input.events.length) await publishEvents(deps, { ...input, clientIp: '' });
  return input.events.length;
}
