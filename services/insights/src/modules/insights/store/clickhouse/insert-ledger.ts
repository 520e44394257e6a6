import type { BatchOrigin } from '../insights-store';
import type { Binder } from './bind';
import { timeRange } from './dialect';
import { EVENTS_TABLE } from './schema';

// Exactly-once inserts without transactions. The consumer commits a batch's Kafka offsets after
// inserting it, so a crash or a failed insert redelivers the batch, and some of its events may
// already be stored. Before inserting, the store writes the batch's offset range here (an intent
// record); a batch whose range overlaps a recorded one is a redelivery, and only its events that
// are not stored yet are inserted. Steady-state cost: two tiny queries per batch; the event-id
// lookup (~150 ms per 10,000 events on a 1M-event day) is paid only for redeliveries.
//
// Each insert of one month's rows is atomic in ClickHouse (one part), so an event is either
// stored or not; the lookup then finds exactly the stored ones.

export const LEDGER_TABLE = 'insights_insert_ledger';
/** Ledger rows only matter until their batch is committed; a month is far beyond that. */
export const LEDGER_RETENTION_MONTHS = 1;
/** Event ids per lookup query: keeps the query text well under max_query_size on 18.16. */
export const LOOKUP_IDS_PER_QUERY = 1000;

export const LEDGER_MIGRATIONS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS ${LEDGER_TABLE} (
    topic String,
    partition UInt32,
    first_offset UInt64,
    last_offset UInt64,
    written_at DateTime('UTC')
  )
  ENGINE = MergeTree
  PARTITION BY toYYYYMM(written_at)
  ORDER BY (topic, partition, last_offset)`,
];

export function ledgerRow(origin: BatchOrigin, nowSeconds: number): Record<string, string | number> {
  return { topic: origin.topic, partition: origin.partition, first_offset: origin.firstOffset, last_offset: origin.lastOffset, written_at: nowSeconds };
}

/** Counts recorded batches of the same partition whose offsets overlap `origin`'s. */
export function overlappingBatchesSql(b: Binder, origin: BatchOrigin): string {
  return `SELECT count() AS n FROM ${LEDGER_TABLE}
    WHERE topic = ${b.bind('String', origin.topic)} AND partition = ${b.bind('UInt32', origin.partition)}
      AND last_offset >= ${b.bind('Int64', origin.firstOffset)} AND first_offset <= ${b.bind('Int64', origin.lastOffset)}`;
}

/** The ids among `ids` already stored; sites and the time span narrow the read to their key range. */
export function storedEventIdsSql(b: Binder, siteIds: readonly string[], fromSeconds: number, toSeconds: number, ids: readonly string[]): string {
  return `SELECT event_id FROM ${EVENTS_TABLE}
    WHERE site_id IN (${siteIds.map((s) => b.bind('String', s)).join(', ')})
      AND ${timeRange(b, fromSeconds, toSeconds).join(' AND ')}
      AND event_id IN (${ids.map((id) => b.bind('String', id)).join(', ')})`;
}
