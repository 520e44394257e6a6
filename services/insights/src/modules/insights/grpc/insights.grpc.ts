import { badRequest } from '@quire/errors';
import { parseInput, z } from '@quire/input';
import { bind, type ServiceBinding } from '@quire/platform/grpc';
import type { ServiceContext } from '@quire/platform/runtime';
import { insights } from '@quire/proto';
import { recordSiteEvents } from '../application/record-site-events';
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
    recordSiteEvents: async ({ organizationId, siteId, eventsJson }) => ({
      accepted: await recordSiteEvents(ctx, { organizationId, siteId, events: siteEventsOf(eventsJson) }),
    }),
  });
}

/** At most 1000 events per call, what the REST batch takes; unstorable text refused first, as there. */
const siteEvents = z
  .unknown()
  .superRefine(refuseUnstorable)
  .pipe(z.array(z.unknown()).max(1000).pipe(z.array(siteInsightsEvent)));

/** The request's events, checked by the reference event schema (400 naming the field). */
export function siteEventsOf(eventsJson: string): SiteInsightsEvent[] {
  let events: unknown;
  try {
    events = JSON.parse(eventsJson) as unknown;
  } catch {
    throw badRequest('Invalid field "eventsJson": must be a JSON array of events');
  }
  return parseInput(siteEvents, events, 'body');
}
