import type { AggregatePlan } from '../domain/aggregate-query';
import type { InsightsEventRow } from '../domain/event-row';

/** The site whose events a query reads (both ids, so a query can never cross organizations). */
export interface InsightsScope {
  organizationId: string;
  siteId: string;
}

/**
 * One group of an aggregate: per plan dimension the values of its sources (a time bucket as unix
 * seconds), then per plan metric its counts (one for a count, one per rating for a rating).
 */
export interface AggregateRow {
  dimensions: string[][];
  metrics: number[][];
}

/** Visitors sharing the same auth claims (the stored JSON text), with their counts. */
export interface VisitorSegmentRow {
  claims: string;
  events: number;
  visitors: number;
  sessions: number;
}

/**
 * Where events are kept and aggregated: ClickHouse in distributed mode, the service's embedded
 * Postgres in embedded mode. Both answer the same queries with the same results (one shared test
 * suite runs against both).
 */
export interface InsightsStore {
  /** Creates or upgrades the schema (idempotent). */
  migrate(): Promise<void>;
  /** Inserts a batch; a replayed event (same event_id) must not be counted twice by queries. */
  insert(rows: InsightsEventRow[]): Promise<void>;
  /** Groups the scope's events as the plan says; counts are of distinct events, sessions and visitors. */
  aggregate(scope: InsightsScope, plan: AggregatePlan): Promise<AggregateRow[]>;
  /** The scope's visitor segments (events with claims), most events first, at most `limit`. */
  visitorSegments(scope: InsightsScope, limit: number): Promise<VisitorSegmentRow[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
