import type { ReceivedMessage, ServiceContext } from '@quire/common';
import type { InsightsEventRow } from '../domain/event-row';
import { INSIGHTS_EVENTS_TOPIC } from '../http/events/events.routes';
import type { InsightsStore } from '../store/insights-store';

export const INSIGHTS_EVENTS_CONSUMER = 'insights-events-store';
/** Flush policy: at most this many rows per insert, or whatever arrived within FLUSH_WAIT_MS. */
export const FLUSH_MAX_ROWS = 10_000;
export const FLUSH_WAIT_MS = 2000;

function parseRow(message: ReceivedMessage): InsightsEventRow | null {
  try {
    const row = JSON.parse(message.value) as Partial<InsightsEventRow>;
    return typeof row.event_id === 'string' && typeof row.site_id === 'string' ? (row as InsightsEventRow) : null;
  } catch {
    return null;
  }
}

/**
 * Writes a delivered batch into the store, FLUSH_MAX_ROWS rows per insert. A failing insert
 * (store down) throws: the bus does not commit and delivers the same batch again with backoff,
 * so nothing is lost; a replayed row has the same event_id and the store counts it once.
 */
export function insightsBatchHandler(store: Pick<InsightsStore, 'insert'>, ctx: Pick<ServiceContext, 'logger'>) {
  return async (messages: ReceivedMessage[]): Promise<void> => {
    const rows: InsightsEventRow[] = [];
    for (const message of messages) {
      const row = parseRow(message);
      // A row that cannot be read would block the partition forever: log it and move on.
      if (row) rows.push(row);
      else ctx.logger.warn({ key: message.key }, 'unreadable insights event skipped');
    }
    for (let i = 0; i < rows.length; i += FLUSH_MAX_ROWS) {
      try {
        await store.insert(rows.slice(i, i + FLUSH_MAX_ROWS));
      } catch (err) {
        ctx.logger.warn({ rows: rows.length, err: (err as Error).message }, 'insights insert failed; the batch will be delivered again');
        throw err;
      }
    }
  };
}

/**
 * The consumer group that moves accepted events from `insights.events` into the store: the bus
 * gathers batches (Kafka: up to FLUSH_WAIT_MS per fetch) and commits offsets only after the insert.
 */
export async function startInsightsConsumer(ctx: Pick<ServiceContext, 'bus' | 'logger'>, store: Pick<InsightsStore, 'insert'>): Promise<void> {
  const handleBatch = insightsBatchHandler(store, ctx);
  await ctx.bus.subscribe({
    groupId: INSIGHTS_EVENTS_CONSUMER,
    topics: [INSIGHTS_EVENTS_TOPIC],
    handle: (message) => handleBatch([message]),
    handleBatch,
    batchWaitMs: FLUSH_WAIT_MS,
  });
}
