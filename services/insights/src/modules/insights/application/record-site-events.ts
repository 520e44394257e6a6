import { badRequest } from '@quire/errors';
import { parseTrackEvents } from '../http/events/events.schema';
import type { TrackEventsDeps } from './deps';
import { publishEvents } from './track-events';

/**
 * The reader's served answers (issue #36 §5, gRPC Insights.RecordSiteEvents): the same validation,
 * enrichment and topic as trackEventsInSiteById. No member check: the caller is the reader, which
 * had the site resolved by sites for the address it served. Resolves once the events are on the bus.
 */
export async function recordSiteEvents(
  deps: Pick<TrackEventsDeps, 'bus' | 'clock' | 'config'>,
  input: { organizationId: string; siteId: string; eventsJson: string },
): Promise<number> {
  let body: unknown;
  try {
    body = { events: JSON.parse(input.eventsJson) as unknown };
  } catch {
    throw badRequest('Invalid field "eventsJson": must be a JSON array of events');
  }
  const events = parseTrackEvents(body);
  if (events.length) await publishEvents(deps, { organizationId: input.organizationId, siteId: input.siteId, events, clientIp: '' });
  return events.length;
}
