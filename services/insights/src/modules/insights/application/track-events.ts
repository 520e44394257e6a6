import { chunks } from '@quire/helpers';
import type { BusMessage } from '@quire/platform/bus';
import { encodeEventRows, ROWS_PER_MESSAGE } from '../domain/event-message';
import { buildEventRows } from '../domain/ingest';
import type { SiteInsightsEvent } from '../domain/site-insights-event';
import { INSIGHTS_EVENTS_TOPIC } from '../events/topics';
import { authorizeInsights } from '../policies/insights.policy';
import type { Caller, TrackEventsDeps } from './deps';

/**
 * trackEventsInSiteById: any member of the site's organization tracks events. They are validated,
 * enriched and published to `insights.events` keyed by site; this resolves only once every event
 * is durably on the bus (Kafka acks -1), and a bus that is down throws DependencyUnavailableError (503).
 */
export async function trackEvents(
  deps: TrackEventsDeps,
  caller: Caller,
  input: { organizationId: string; siteId: string; events: SiteInsightsEvent[]; clientIp: string },
): Promise<void> {
  const { organizationId, siteId } = await authorizeInsights(deps, input.organizationId, input.siteId, caller.userId, 'track');
  await publishEvents(deps, { organizationId, siteId, events: input.events, clientIp: input.clientIp });
}

/**
 * Validated events of a site the caller may track: enriched (the IP replaced by the visitor hash)
 * and published to `insights.events`. Shared by the REST ingest and the reader's gRPC calls.
 */
export async function publishEvents(
  deps: Pick<TrackEventsDeps, 'bus' | 'clock' | 'config'>,
  input: { organizationId: string; siteId: string; events: SiteInsightsEvent[]; clientIp: string },
): Promise<void> {
  const { organizationId, siteId } = input;
  const rows = buildEventRows(input.events, { organizationId, siteId, clientIp: input.clientIp, now: deps.clock(), secret: deps.config.internalSecret });
  const messages: BusMessage[] = chunks(rows, ROWS_PER_MESSAGE).map((chunk) => ({ key: siteId, value: encodeEventRows(chunk) }));
  await deps.bus.publish(INSIGHTS_EVENTS_TOPIC, messages);
}
