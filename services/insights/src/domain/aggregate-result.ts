import { FIELD_COLUMNS, type DateTimeInterval } from './aggregate-columns';
import type { AggregatePlan, OutputKey } from './aggregate-query';
import type { AggregateRow } from '../store/insights-store';

// The store's rows as the reference's columnar SiteInsightsQueryEventsAggregationResult. Time
// series get their empty buckets here (ClickHouse 18.16 has no WITH FILL), so both stores agree.

export interface AggregateColumn {
  column: string;
  values: unknown[];
}

export interface AggregateResult {
  columns: AggregateColumn[];
}

export function presentAggregate(plan: AggregatePlan, stored: AggregateRow[]): AggregateResult {
  const rows = plan.fillInterval ? fillGaps(plan, stored, plan.fillInterval) : stored;
  return {
    columns: plan.output.map((key) => ({ column: columnName(plan, key), values: rows.map((row) => presentValue(plan, key, row)) })),
  };
}

function columnName(plan: AggregatePlan, key: OutputKey): string {
  if ('metric' in key) return key.metric;
  const dimension = plan.dimensions[key.dimension];
  return !dimension || dimension.kind === 'datetime' ? 'datetime' : dimension.column;
}

function presentValue(plan: AggregatePlan, key: OutputKey, row: AggregateRow): unknown {
  if ('metric' in key) return row.metrics[plan.metrics.indexOf(key.metric)] ?? 0;
  const dimension = plan.dimensions[key.dimension];
  const values = row.dimensions[key.dimension] ?? [];
  if (!dimension || dimension.kind === 'datetime') return new Date(Number(values[0]) * 1000).toISOString();
  return FIELD_COLUMNS[dimension.column].present(values);
}

/** Every bucket of the range, with the stored counts or zeros, in the plan's order, limited. */
function fillGaps(plan: AggregatePlan, stored: AggregateRow[], interval: DateTimeInterval): AggregateRow[] {
  const byBucket = new Map(stored.map((row) => [Number(row.dimensions[0]?.[0]), row]));
  const rows: AggregateRow[] = [];
  for (let bucket = bucketStart(plan.from, interval); bucket <= plan.to; bucket = nextBucket(bucket, interval)) {
    rows.push(byBucket.get(bucket) ?? { dimensions: [[String(bucket)]], metrics: plan.metrics.map(() => 0) });
  }
  const { key, direction } = plan.order;
  const sign = direction === 'asc' ? 1 : -1;
  const sortValue = (row: AggregateRow): number => ('metric' in key ? (row.metrics[plan.metrics.indexOf(key.metric)] ?? 0) : Number(row.dimensions[0]?.[0]));
  const time = (row: AggregateRow): number => Number(row.dimensions[0]?.[0]);
  rows.sort((a, b) => sign * (sortValue(a) - sortValue(b)) || time(a) - time(b));
  return rows.slice(0, plan.limit);
}

const HOUR = 3600;
const DAY = 86_400;

/** The same buckets as the stores' SQL: UTC, weeks from Monday. */
export function bucketStart(seconds: number, interval: DateTimeInterval): number {
  switch (interval) {
    case 'hour':
      return Math.floor(seconds / HOUR) * HOUR;
    case 'day':
      return Math.floor(seconds / DAY) * DAY;
    case 'week': {
      const days = Math.floor(seconds / DAY);
      return (days - ((days + 3) % 7)) * DAY;
    }
    case 'month': {
      const d = new Date(seconds * 1000);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
    }
  }
}

function nextBucket(bucket: number, interval: DateTimeInterval): number {
  if (interval === 'hour') return bucket + HOUR;
  if (interval === 'day') return bucket + DAY;
  if (interval === 'week') return bucket + 7 * DAY;
  const d = new Date(bucket * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
}
