import type { AggregatePlan } from '../model/aggregate-plan';
import type { InsightsEventRow } from '../model/event-row';
import type { InsightsScope, AggregateRow, VisitorSegmentRow } from '../model/insights-records';

export type { InsightsScope, AggregateRow, VisitorSegmentRow };

/** Where an inserted batch sits on the bus (a Kafka partition and the offsets of its messages). */
export interface BatchOrigin {
  topic: string;
  partition: number;
  firstOffset: number;
  lastOffset: number;
}

/**
 * Where events are kept and aggregated: ClickHouse in distributed mode, the service's embedded
 * Postgres in embedded mode. Both answer the same queries with the same results (one shared test
 * suite runs against both).
 */
export interface InsightsStore {
  /** Creates or upgrades the schema (idempotent); throws while the store is unreachable. */
  migrate(): Promise<void>;
  /**
   * Stores a batch exactly once, so that queries can count rows: an event already stored (a
   * redelivered batch) is not stored again. ClickHouse recognizes redeliveries by the batch's
   * origin on the bus; the embedded store by event id. Resolves to the number of events that
   * were already stored and skipped. `jsonLines`, when given, are the same rows as JSON lines (as
   * they came off the bus): a store that takes JSON may send them as they are.
   */
  insert(rows: InsightsEventRow[], origin?: BatchOrigin, jsonLines?: string): Promise<number>;
  /** Groups the scope's events as the plan says; counts are of events, distinct sessions and distinct visitors. */
  aggregate(scope: InsightsScope, plan: AggregatePlan): Promise<AggregateRow[]>;
  /** The scope's visitor segments (events with claims), most events first, at most `limit`. */
  visitorSegments(scope: InsightsScope, limit: number): Promise<VisitorSegmentRow[]>;
  /**
   * Drops the events older than the retention window at `now` (retention.ts): ClickHouse drops
   * whole monthly partitions (and its old bookkeeping), the embedded store deletes the rows.
   */
  dropExpired(now: Date): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
