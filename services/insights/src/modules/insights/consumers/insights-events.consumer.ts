import type { ReceivedMessage, Subscription } from '@quire/platform/bus';
import { classifyFailure } from '@quire/platform/dead-letters';
import type { ServiceContext } from '@quire/platform/runtime';
import { decodeEventRows } from '../domain/event-message';
import type { InsightsEventRow } from '../model/event-row';
import { INSIGHTS_EVENTS_TOPIC } from '../events/topics';
import type { BatchOrigin, InsightsStore } from '../store/insights-store';

export const INSIGHTS_EVENTS_CONSUMER = 'insights-events-store';
/** Flush policy: at most this many rows per insert, or whatever arrived within FLUSH_WAIT_MS. */
export const FLUSH_MAX_ROWS = 10_000;
export const FLUSH_WAIT_MS = 2000;
/**
 * A fetch is answered sooner than FLUSH_WAIT_MS only once this much has gathered: more than
 * FLUSH_MAX_ROWS page views (a page view's line is about 670 bytes, domain/event-message.ts).
 * ClickHouse's CPU per row falls steeply with the insert's size (a part per insert and per rollup,
 * merged later): measured on 18.16, 49 µs a row in inserts of 1,000, 19 in inserts of 5,000, 11 in
 * inserts of 15,000. At the bus's default (1 MiB, about 900 rows of the lines of then) a busy site's
 * events arrived in inserts of under a thousand rows.
 */
export const FLUSH_MIN_BYTES = 8 * 1024 * 1024;

/** The partition and offsets of consecutive messages of one Kafka partition; undefined off Kafka. */
function originOf(messages: readonly ReceivedMessage[]): BatchOrigin | undefined {
  const first = messages[0];
  if (first?.partition === undefined || first.offset === undefined) return undefined;
  let firstOffset = first.offset;
  let lastOffset = first.offset;
  for (const m of messages) {
    if (m.topic !== first.topic || m.partition !== first.partition || m.offset === undefined) return undefined;
    firstOffset = Math.min(firstOffset, m.offset);
    lastOffset = Math.max(lastOffset, m.offset);
  }
  return { topic: first.topic, partition: first.partition, firstOffset, lastOffset };
}

/**
 * Writes a delivered batch into the store: whole messages, at most FLUSH_MAX_ROWS rows per insert.
 * A failing insert throws to the service's dead-letter guard (common/src/dead-letters):
 * - transient (store down): the bus does not commit and delivers the same batch again with
 *   backoff, so nothing is lost;
 * - permanent (a row the store refuses): the guard calls this handler again with each half of the
 *   batch, recursively, so the good messages are stored and only the bad one is parked.
 * Either way some rows may be stored already when the same messages come again. The store skips
 * them: each insert records its messages' offset range in the ClickHouse ledger before writing,
 * and a half's range lies inside its batch's recorded range, so a half (or a redelivery) always
 * takes the "already stored?" lookup; the embedded store skips repeats by event id.
 */
export function insightsBatchHandler(store: Pick<InsightsStore, 'insert'>, ctx: Pick<ServiceContext, 'logger'>) {
  const flush = async (rows: InsightsEventRow[], jsonLines: string[], messages: ReceivedMessage[]): Promise<void> => {
    if (rows.length === 0) return;
    try {
      const skipped = await store.insert(rows, originOf(messages), jsonLines.join('\n'));
      if (skipped > 0) ctx.logger.info({ rows: rows.length, skipped }, 'redelivered insights events were already stored; skipped them');
    } catch (err) {
      const kind = classifyFailure(err);
      ctx.logger.warn(
        { rows: rows.length, messages: messages.length, kind, err: (err as Error).message },
        kind === 'transient'
          ? 'insights insert failed; the batch will be delivered again'
          : 'insights insert refused; the batch is bisected to park the bad messages',
      );
      throw err;
    }
  };
  return async (messages: ReceivedMessage[]): Promise<void> => {
    let rows: InsightsEventRow[] = [];
    let jsonLines: string[] = [];
    let group: ReceivedMessage[] = [];
    for (const message of messages) {
      const decoded = decodeEventRows(message.value);
      // A row that cannot be read would block the partition forever: log it and move on.
      if (decoded.unreadable > 0) ctx.logger.warn({ key: message.key, lines: decoded.unreadable }, 'unreadable insights events skipped');
      if (rows.length > 0 && rows.length + decoded.rows.length > FLUSH_MAX_ROWS) {
        await flush(rows, jsonLines, group);
        rows = [];
        jsonLines = [];
        group = [];
      }
      for (const row of decoded.rows) rows.push(row);
      if (decoded.rows.length > 0) jsonLines.push(decoded.jsonLines);
      group.push(message);
    }
    await flush(rows, jsonLines, group);
  };
}

/**
 * The consumer group that moves accepted events from `insights.events` into the store: the bus
 * gathers batches (Kafka: up to FLUSH_WAIT_MS per fetch) and commits offsets only after the insert.
 * See insightsBatchHandler for failures. A replayed dead letter goes through `handleBatch` with its
 * one message.
 */
export function insightsSubscription(ctx: Pick<ServiceContext, 'logger'>, store: Pick<InsightsStore, 'insert'>): Subscription {
  const handleBatch = insightsBatchHandler(store, ctx);
  return {
    groupId: INSIGHTS_EVENTS_CONSUMER,
    topics: [INSIGHTS_EVENTS_TOPIC],
    handle: (message) => handleBatch([message]),
    handleBatch,
    batchWaitMs: FLUSH_WAIT_MS,
    batchMinBytes: FLUSH_MIN_BYTES,
  };
}

/** Joins the group through `ctx.bus`, the service's guarded bus (dead-letters/). */
export async function startInsightsConsumer(ctx: Pick<ServiceContext, 'bus' | 'logger'>, store: Pick<InsightsStore, 'insert'>): Promise<void> {
  await ctx.bus.subscribe(insightsSubscription(ctx, store));
}
