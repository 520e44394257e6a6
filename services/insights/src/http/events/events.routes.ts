import { Router, type Request, type Response } from 'express';
import { chunks, parseInput, payloadTooLarge, type BusMessage, type MembershipResolver, type ServiceContext } from '@quire/common';
import { encodeEventRows, ROWS_PER_MESSAGE } from '../../domain/event-message';
import { buildEventRows } from '../../domain/ingest';
import { authorizeTracking, SiteOwnership } from '../../domain/ingest-site';
import { MAX_BATCH_BYTES, trackEventsBody, trackEventsEnvelope } from './events.schema';

/** The bus topic of accepted events, keyed by site id (one site's events stay in order). */
export const INSIGHTS_EVENTS_TOPIC = 'insights.events';

export type EventsHttpDeps = Pick<ServiceContext, 'bus' | 'clock' | 'clients' | 'config'> & { membership: MembershipResolver };

type SiteParams = { organizationId: string; siteId: string };

// The gateway caps bodies at 10 MB; this route's documented limit is 1 MB of JSON. The declared
// length is used when there is one, else the size of the parsed body re-serialized.
function bodyBytes(req: Request): number {
  const declared = Number(req.header('content-length'));
  return Number.isFinite(declared) && declared > 0 ? declared : Buffer.byteLength(JSON.stringify(req.body ?? {}));
}

/** The visitor's IP: the first x-forwarded-for hop (set by the gateway), else the peer address. */
export function clientIp(req: Request): string {
  const forwarded = req.header('x-forwarded-for')?.split(',')[0]?.trim();
  const ip = forwarded || req.socket.remoteAddress || '';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

export function eventsRoutes(deps: EventsHttpDeps): Router {
  const router = Router();
  const sites = new SiteOwnership(() => deps.clients.sites());

  // trackEventsInSiteById: 204 only once every event is durably on the bus (Kafka acks -1); a
  // bus that is down throws DependencyUnavailableError, which the error renderer answers 503.
  router.post('/v1/orgs/:organizationId/sites/:siteId/insights/events', async (req: Request<SiteParams>, res: Response) => {
    const { organizationId, siteId } = req.params;
    await authorizeTracking({ membership: deps.membership, sites }, organizationId, siteId, req.principal.userId);
    if (bodyBytes(req) > MAX_BATCH_BYTES) throw payloadTooLarge(`Request body must be at most ${MAX_BATCH_BYTES} bytes`);
    parseInput(trackEventsEnvelope, req.body ?? {});
    const { events } = parseInput(trackEventsBody, req.body);
    const rows = buildEventRows(events, { organizationId, siteId, clientIp: clientIp(req), now: deps.clock(), secret: deps.config.internalSecret });
    const messages: BusMessage[] = chunks(rows, ROWS_PER_MESSAGE).map((chunk) => ({ key: siteId, value: encodeEventRows(chunk) }));
    await deps.bus.publish(INSIGHTS_EVENTS_TOPIC, messages);
    res.status(204).end();
  });

  return router;
}
