import { parseInput, z } from '@quire/input';
import { bind, type ServiceBinding } from '@quire/platform/grpc';
import type { ServiceContext } from '@quire/platform/runtime';
import { insights } from '@quire/proto';
import { recordSiteEvents } from '../application/record-site-events';
import { plainEventList } from '../domain/event-check';
import { siteInsightsEvent, type SiteInsightsEvent } from '../domain/site-insights-event';
import { refuseUnstorable } from '../domain/storable-json';

/** The insights service's gRPC API (proto/quire/insights.proto): its health, and the reader's events. */
export function insightsGrpc(ctx: Pick<ServiceContext, 'bus' | 'clock' | 'config' | 'db'>): ServiceBinding {
  return bind<insights.InsightsServer>(insights.InsightsService, {
    check: async () => ({
      service: 'insights',
      ready: await ctx.db.ping().then(
        () => true,
        () => false,
      ),
    }),
    recordSiteEvents: async ({ organizationId, siteId, events }) => ({
      accepted: await recordSiteEvents(ctx, { organizationId, siteId, events: siteEventsOf(events) }),
    }),
  });
}

/** At most 1000 events per call, what the REST batch takes. */
const MAX_EVENTS_PER_CALL = 1000;
/** Unstorable text refused first, as in the REST batch. */
const siteEvents = z
  .unknown()
  .superRefine(refuseUnstorable)
  .pipe(z.array(z.unknown()).max(MAX_EVENTS_PER_CALL).pipe(z.array(siteInsightsEvent)));

/**
 * The request's events as the reference events they are, checked by its schema (400 naming the
 * field): the compiled check takes the reader's usual events without zod (its cost was most of a
 * counted view's in insights); anything else is zod's to strip, refuse and describe.
 */
export function siteEventsOf(events: readonly insights.SiteVisitEvent[]): SiteInsightsEvent[] {
  const reference = events.map(referenceEventOf);
  return plainEventList(reference, MAX_EVENTS_PER_CALL) ?? parseInput(siteEvents, reference, 'body');
}

/** A visit event → the reference SiteInsightsEvent: absent values are the reference's nulls; a served answer has no cookies nor share key. */
function referenceEventOf({ type, timestamp, session, location, query, feedbackRating, feedbackComment }: insights.SiteVisitEvent): unknown {
  return {
    type,
    ...(feedbackRating !== undefined ? { feedback: { rating: feedbackRating, ...(feedbackComment !== undefined ? { comment: feedbackComment } : {}) } } : {}),
    timestamp,
    session: session && {
      visitorId: session.visitorId,
      sessionId: session.sessionId,
      cookies: {},
      ip: session.ip,
      userAgent: session.userAgent,
      language: session.language ?? null,
      referrer: session.referrer ?? null,
    },
    location: location && {
      url: location.url,
      siteSection: location.siteSection ?? null,
      siteSpace: location.siteSpace ?? null,
      siteShareKey: null,
      space: location.space ?? null,
      revision: location.revision ?? null,
      page: location.page ?? null,
    },
    ...(query === undefined ? {} : { query }),
  };
}
