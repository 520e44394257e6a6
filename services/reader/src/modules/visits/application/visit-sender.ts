import type { InsightsClient } from '@quire/platform/grpc';
import type { Logger } from '@quire/platform/logger';
import type { VisitEvent } from '../domain/visit-event';

export interface VisitSenderCounters {
  /** Events dropped: the queue was full, or insights (or its bus) refused or failed the batch. */
  dropped: { inc(n?: number): void };
  sent: { inc(n?: number): void };
}

export interface VisitSenderDeps {
  insights: () => InsightsClient;
  logger: Logger;
  counters: VisitSenderCounters;
  /** Events waiting at most (per process); past it new events are dropped and counted. */
  maxQueued: number;
  /**
   * How long the first event of a batch waits for others before the batch is sent: under load a
   * call to insights carries many views instead of a few (fewer calls; insights' work per view is
   * the same, docs/benchmarks.md, Where a cached page's CPU goes). 0: as soon as the answer is out.
   */
  lingerMs: number;
}

/** Events of one site per call: insights' batch limit. */
const MAX_BATCH = 1000;

interface Queued {
  organizationId: string;
  siteId: string;
  event: VisitEvent;
}

/**
 * Fire-and-forget delivery of the reader's events to insights (gRPC Insights.RecordSiteEvents):
 * `enqueue` never waits or throws; a batch leaves `lingerMs` after its first event, one send in
 * flight at a time, taking everything queued by then, so a burst of visits costs a few calls.
 * Events wait in this process at most `lingerMs` plus a send; a process killed meanwhile loses
 * them (a graceful stop flushes them). A failed batch is dropped (counted, logged once per
 * failure), never retried: a page's answer was sent long before and insights down must not grow
 * the reader's memory.
 */
export class VisitSender {
  private queue: Queued[] = [];
  private sending: Promise<void> | null = null;
  /** Ends the current batch's wait at once (a flush). */
  private endLinger: (() => void) | null = null;

  constructor(private readonly deps: VisitSenderDeps) {}

  enqueue(organizationId: string, siteId: string, event: VisitEvent): void {
    if (this.queue.length >= this.deps.maxQueued) {
      this.deps.counters.dropped.inc();
      return;
    }
    this.queue.push({ organizationId, siteId, event });
    if (!this.sending) this.sending = this.drain().finally(() => (this.sending = null));
  }

  /** Resolves once everything queued so far was sent or dropped (graceful stop, tests). */
  async flush(): Promise<void> {
    while (this.sending) {
      this.endLinger?.();
      await this.sending;
    }
  }

  private async drain(): Promise<void> {
    // Let the answer that queued the first event finish before any work on the event, and let
    // the visits of the next moments join it.
    await new Promise<void>((resolve) => {
      if (this.deps.lingerMs <= 0) return setImmediate(resolve);
      const timer = setTimeout(() => this.endLinger?.(), this.deps.lingerMs);
      this.endLinger = () => {
        clearTimeout(timer);
        this.endLinger = null;
        resolve();
      };
    });
    while (this.queue.length) {
      const taken = this.queue;
      this.queue = [];
      for (const batch of bySite(taken)) await this.send(batch);
    }
  }

  private async send(batch: Queued[]): Promise<void> {
    const [first] = batch;
    if (!first) return;
    try {
      await this.deps.insights().recordSiteEvents({ organizationId: first.organizationId, siteId: first.siteId, events: batch.map((q) => q.event) });
      this.deps.counters.sent.inc(batch.length);
    } catch (err) {
      this.deps.counters.dropped.inc(batch.length);
      this.deps.logger.warn({ site: first.siteId, events: batch.length, err: (err as Error).message }, 'visit events dropped');
    }
  }
}

/** Queued events grouped by site, in order, at most MAX_BATCH per group. */
function bySite(queued: Queued[]): Queued[][] {
  const groups = new Map<string, Queued[][]>();
  for (const q of queued) {
    const key = `${q.organizationId}/${q.siteId}`;
    const list = groups.get(key) ?? [[]];
    let last = list[list.length - 1] as Queued[];
    if (last.length >= MAX_BATCH) list.push((last = []));
    last.push(q);
    groups.set(key, list);
  }
  return [...groups.values()].flat();
}
