import type { IncomingMessage } from 'node:http';
import type { ServiceContext } from '@quire/platform/runtime';
import { Counter } from 'prom-client';
import { recordVisit } from '../application/record-visit';
import { VisitSender } from '../application/visit-sender';
import type { Visit, VisitKind } from '../domain/visit';
import { visitRequestOf } from './visit-request';

export interface VisitRecorder {
  /**
   * Counts one served answer of `kind` and answers the Set-Cookie values to put on it (before it
   * is sent). `url` is the address the reader resolved; the event leaves after the answer.
   */
  recordVisit(kind: VisitKind, visit: Omit<Visit, 'kind'>, req: IncomingMessage, url: string, secure: boolean): string[];
  flush(): Promise<void>;
}

/** The recorder routes report to: a sender of events to insights, counted on the service's metrics. */
export function visitRecorder(
  ctx: Pick<ServiceContext, 'clients' | 'logger' | 'metrics' | 'config' | 'clock'>,
  queue: { maxQueued: number; lingerMs: number },
): VisitRecorder {
  const dropped = new Counter({
    name: 'reader_visit_events_dropped_total',
    help: 'Insights events of served answers dropped: queue full, or insights unavailable',
    registers: [ctx.metrics.registry],
  });
  const sent = new Counter({
    name: 'reader_visit_events_sent_total',
    help: 'Insights events of served answers accepted by insights',
    registers: [ctx.metrics.registry],
  });
  const sender = new VisitSender({ insights: () => ctx.clients.insights(), logger: ctx.logger, counters: { dropped, sent }, ...queue });
  const deps = { sender, secret: ctx.config.internalSecret, clock: ctx.clock };
  return {
    recordVisit: (kind, visit, req, url, secure) => recordVisit(deps, { ...visit, kind }, visitRequestOf(req, url, secure)),
    flush: () => sender.flush(),
  };
}
