import { parseInput, z } from '@quire/input';
import { compiledBody } from '@quire/platform/http';
import { siteInsightsEvent, type SiteInsightsEvent } from '../../domain/site-insights-event';
import { refuseUnstorable } from '../../domain/storable-json';
import { plainEvents } from '../../domain/event-check';

// trackEventsInSiteById: a batch of reference SiteInsightsEvents (domain/site-insights-event.ts).

/** Documented batch limits: at most 1000 events and 1 MB of JSON per request. */
export const MAX_EVENTS_PER_BATCH = 1000;
export const MAX_BATCH_BYTES = 1024 * 1024;

/**
 * The request body. Checked in order, so a hostile body is refused before the costly steps: what
 * no store can hold (lone surrogates, Infinity, deep nesting; NUL is refused by parseInput), then
 * the batch size, then the events one by one.
 */
export const trackEventsBody = z
  .unknown()
  .superRefine(refuseUnstorable)
  .pipe(z.object({ events: z.array(z.unknown()).max(MAX_EVENTS_PER_BATCH).pipe(z.array(siteInsightsEvent)) }));

/**
 * The events of a trackEventsInSiteById body: the compiled check (domain/event-check.ts) takes the usual
 * batch without zod; anything else is parsed by `trackEventsBody`, which strips, refuses and
 * names the field exactly as before.
 */
export function parseTrackEvents(body: unknown): SiteInsightsEvent[] {
  return plainEvents(body, MAX_EVENTS_PER_BATCH) ?? parseInput(trackEventsBody, body, 'body').events;
}

/**
 * The route's body: parsed by `parseTrackEvents`; documented as the batch it accepts (the
 * reference's `{ events: SiteInsightsEvent[] }`, at most 1000).
 */
export const trackEventsInput = compiledBody(z.object({ events: z.array(siteInsightsEvent).max(MAX_EVENTS_PER_BATCH) }), parseTrackEvents);
