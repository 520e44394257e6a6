import { Router, type NextFunction, type Request, type Response } from 'express';
import { payloadTooLarge } from '@quire/errors';
import { chunks } from '@quire/helpers';
import type { BusMessage } from '@quire/platform/bus';
import { route } from '@quire/platform/http';
import { encodeEventRows, ROWS_PER_MESSAGE } from '../../domain/event-message';
import { buildEventRows } from '../../domain/ingest';
import { INSIGHTS_EVENTS_TOPIC } from '../../events/topics';
import { authorizeInsights } from '../../policies/insights.policy';
import type { EventsHttpDeps } from '../deps';
import { siteParams } from '../params.schema';
import { MAX_BATCH_BYTES, trackEventsInput } from './events.schema';

// The gateway caps bodies at 10 MB; this route's documented limit is 1 MB of JSON. The declared
// length is used when there is one, else the size of the parsed body re-serialized. Checked before
// the body is validated, so an oversized batch costs no validation.
function bodyBytes(req: Request): number {
  const declared = Number(req.header('content-length'));
  return Number.isFinite(declared) && declared > 0 ? declared : Buffer.byteLength(JSON.stringify(req.body ?? {}));
}

function refuseOversizedBatch(req: Request, _res: Response, next: NextFunction): void {
  next(bodyBytes(req) > MAX_BATCH_BYTES ? payloadTooLarge(`Request body must be at most ${MAX_BATCH_BYTES} bytes`) : undefined);
}

/** The visitor's IP: the first x-forwarded-for hop (set by the gateway), else the peer address. */
export function clientIp(req: Request): string {
  const forwarded = req.header('x-forwarded-for')?.split(',')[0]?.trim();
  const ip = forwarded || req.socket.remoteAddress || '';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

export function eventsRoutes(deps: EventsHttpDeps): Router {
  const router = Router();

  // trackEventsInSiteById: 204 only once every event is durably on the bus (Kafka acks -1); a
  // bus that is down throws DependencyUnavailableError, which the error renderer answers 503.
  router.post(
    '/v1/orgs/:organizationId/sites/:siteId/insights/events',
    refuseOversizedBatch,
    route({ params: siteParams, body: trackEventsInput }, async ({ params, body: events, principal, req }, res) => {
      const { organizationId, siteId } = await authorizeInsights(deps, params.organizationId, params.siteId, principal.userId, 'track');
      const rows = buildEventRows(events, { organizationId, siteId, clientIp: clientIp(req), now: deps.clock(), secret: deps.config.internalSecret });
      const messages: BusMessage[] = chunks(rows, ROWS_PER_MESSAGE).map((chunk) => ({ key: siteId, value: encodeEventRows(chunk) }));
      await deps.bus.publish(INSIGHTS_EVENTS_TOPIC, messages);
      res.status(204).end();
    }),
  );

  return router;
}
