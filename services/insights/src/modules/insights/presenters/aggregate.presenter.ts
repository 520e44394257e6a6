import { fieldDefinition, metricScore, presentMetric, RATING_COLUMNS, isRatingColumn, type DateTimeInterval, type Metric } from '../model/aggregate-columns';
import type { AggregatePlan, OutputKey } from '../model/aggregate-plan';
import type { AggregateRow } from '../model/insights-records';

// The store's rows as the reference's columnar SiteInsightsQueryEventsAggregationResult. Time
// series get their empty buckets here (ClickHouse 18.16 has no WITH FILL), so both stores agree.

export interface AggregateColumn {
  column: string;
  /** visitorClaim's claim, echoed as the reference's result requires. */
  claim?: string;
  values: unknown[];
}

export interface AggregateResult {
  columns: AggregateColumn[];
}

export function presentAggregate(plan: AggregatePlan, stored: AggregateRow[]): AggregateResult {
  const rows = plan.fillInterval ? fillGaps(plan, stored, plan.fillInterval) : stored;
  return {
    columns: plan.output.map((key) => ({ ...columnName(plan, key), values: rows.map((row) => presentValue(plan, key, row)) })),
  };
}

function columnName(plan: AggregatePlan, key: OutputKey): { column: string; claim?: string } {
  if ('metric' in key) return { column: key.metric };
  const dimension = plan.dimensions[key.dimension];
  if (!dimension || dimension.kind === 'datetime') return { column: 'datetime' };
  return dimension.params.claim === undefined ? { column: dimension.column } : { column: dimension.column, claim: dimension.params.claim };
}

const countsOf = (plan: AggregatePlan, row: AggregateRow, metric: Metric): number[] => row.metrics[plan.metrics.indexOf(metric)] ?? [];

function presentValue(plan: AggregatePlan, key: OutputKey, row: AggregateRow): unknown {
  if ('metric' in key) return presentMetric(key.metric, countsOf(plan, row, key.metric));
  const dimension = plan.dimensions[key.dimension];
  const values = row.dimensions[key.dimension] ?? [];
  if (!dimension || dimension.kind === 'datetime') return new Date(Number(values[0]) * 1000).toISOString();
  return fieldDefinition(dimension.column).present(values, dimension.params);
}

/** Zero counts of a metric, for an empty bucket. */
const zeros = (metric: Metric): number[] => (isRatingColumn(metric) ? RATING_COLUMNS[metric].buckets.map(() => 0) : [0]);

/** Every bucket of the range, with the stored counts or zeros, in the plan's order, limited. */
function fillGaps(plan: AggregatePlan, stored: AggregateRow[], interval: DateTimeInterval): AggregateRow[] {
  const byBucket = new Map(stored.map((row) => [Number(row.dimensions[0]?.[0]), row]));
  const rows: AggregateRow[] = [];
  for (let bucket = bucketStart(plan.from, interval); bucket <= plan.to; bucket = nextBucket(bucket, interval)) {
    rows.push(byBucket.get(bucket) ?? { dimensions: [[String(bucket)]], metrics: plan.metrics.map(zeros) });
  }
  const { key, direction } = plan.order;
  const sign = direction === 'asc' ? 1 : -1;
  const sortValue = (row: AggregateRow): number =>
    'metric' in key ? metricScore(key.metric, countsOf(plan, row, key.metric)) : Number(row.dimensions[0]?.[0]);
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
