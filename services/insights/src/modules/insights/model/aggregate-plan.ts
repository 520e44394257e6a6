import type { ColumnParams, DateTimeInterval, FieldColumn, FieldSource, FilterMatch, Metric, MetricColumn } from './aggregate-columns';

// An AggregatePlan: a reference SiteInsightsQueryEventsAggregation validated by
// domain/aggregate-query.ts, the one description both stores' SQL builders read.

export type Comparison = '>' | '>=' | '<' | '<=';

export type Dimension =
  { kind: 'datetime'; interval: DateTimeInterval } | { kind: 'field'; column: FieldColumn; params: ColumnParams; sources: readonly FieldSource[] };
/** A result column: a grouping dimension (by index) or a count. */
export type OutputKey = { dimension: number } | { metric: Metric };

export interface AggregatePlan {
  /** Unix seconds, inclusive. */
  from: number;
  to: number;
  dimensions: Dimension[];
  metrics: Metric[];
  output: OutputKey[];
  fieldFilters: { match: FilterMatch; negate: boolean }[];
  timeFilters: { op: Comparison; seconds: number }[];
  having: { metric: MetricColumn; op: Comparison; value: number }[];
  order: { key: OutputKey; direction: 'asc' | 'desc' };
  limit: number;
  /** Set when the only dimension is time: empty buckets are filled with zero counts. */
  fillInterval: DateTimeInterval | null;
}
