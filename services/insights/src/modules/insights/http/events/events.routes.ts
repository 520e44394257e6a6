import { Router, type NextFunction, type Request, type Response } from 'express';
import { payloadTooLarge } from '@quire/errors';
import { clientAddressOf, route } from '@quire/platform/http';
import type { TrackEventsDeps } from '../../application/deps';
import { trackEvents } from '../../application/track-events';
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

export function eventsRoutes(deps: TrackEventsDeps): Router {
  const router = Router();

  // trackEventsInSiteById: 204 only once every event is durably on the bus (see trackEvents).
  router.post(
    '/v1/orgs/:organizationId/sites/:siteId/insights/events',
    refuseOversizedBatch,
    route({ params: siteParams, body: trackEventsInput }, async ({ params, body: events, principal, req }, res) => {
      // The gateway writes the client as the last X-Forwarded-For hop; earlier hops may be the client's own.
      await trackEvents(deps, principal, { ...params, events, clientIp: clientAddressOf(req) });
      res.status(204).end();
    }),
  );

  return router;
}
