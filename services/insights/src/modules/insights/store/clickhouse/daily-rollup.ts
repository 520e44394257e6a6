import type { DateTimeInterval, FieldSource } from '../../model/aggregate-columns';
import type { AggregatePlan } from '../../model/aggregate-plan';
import { buildAggregateSql, fieldFilterConditions, scopeConditions, type BuiltAggregate, type SqlDialect } from '../aggregate-sql';
import type { InsightsScope } from '../insights-store';
import { EVENTS_TABLE } from './schema';

// Dashboard queries count events per day or per page over weeks or months: reading every raw row
// of the range costs ~70 ms per million events. A materialized view keeps event counts per site,
// day, type, url and page; such queries read it for the whole days of their range and the raw
// table only for the partial days at both ends, and add both up. The sums are exact because the
// events table receives each event exactly once (insert-ledger.ts).
//
// The view counts what is inserted after it exists. `covers_from` records the first day it is
// complete for: day 0 on a fresh table; two days after its creation when it is added to a table
// that already holds events (older days keep being answered from raw rows).
//
// Known limit: ClickHouse writes the view's rows right after the table's part, in the same INSERT
// but not atomically with it. If the server fails between the two, the consumer's retry finds the
// events stored and skips them, so the rollup misses that batch (raw rows stay exact).

export const ROLLUP_TABLE = 'insights_daily_events';
export const ROLLUP_VIEW = 'insights_daily_events_mv';
export const ROLLUP_COVERAGE_TABLE = 'insights_daily_events_coverage';

const DAY = 86_400;
/** Row columns kept by the rollup: field columns reading only these can be answered from it. */
const ROLLUP_COLUMNS: readonly string[] = ['type', 'url', 'page', 'space'];

export const ROLLUP_TABLES: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS ${ROLLUP_TABLE} (
    organization_id String,
    site_id String,
    day Date,
    type String,
    url String,
    page String,
    space String,
    events UInt64
  )
  ENGINE = SummingMergeTree(events)
  PARTITION BY toYYYYMM(day)
  ORDER BY (site_id, organization_id, day, type, url, page, space)`,
  `CREATE TABLE IF NOT EXISTS ${ROLLUP_COVERAGE_TABLE} (covers_from Date, created_at DateTime('UTC')) ENGINE = TinyLog`,
];

export const ROLLUP_VIEW_STATEMENT = `CREATE MATERIALIZED VIEW IF NOT EXISTS ${ROLLUP_VIEW} TO ${ROLLUP_TABLE} AS
  SELECT organization_id, site_id, toDate(timestamp) AS day, type, url, page, space, count() AS events
  FROM ${EVENTS_TABLE}
  GROUP BY organization_id, site_id, day, type, url, page, space`;

/** The first day (days since 1970-01-01) the view is complete for, when created now. */
export function coverageStartDay(tableHadEvents: boolean, now: Date): number {
  return tableHadEvents ? Math.floor(now.getTime() / 1000 / DAY) + 2 : 0;
}

// The time buckets of dialect.ts, from the rollup's Date column (toUInt32 of a Date is its day number).
const ROLLUP_BUCKETS: Partial<Record<DateTimeInterval, string>> = {
  day: 'toUInt32(day) * 86400',
  week: '(toUInt32(day) - (toUInt32(day) + 3) % 7) * 86400',
  month: 'toUInt32(toStartOfMonth(day)) * 86400',
};

/** The rollup columns that sources read, or null when one reads anything else. */
function rollupColumns(sources: readonly FieldSource[]): string[] | null {
  const columns: string[] = [];
  for (const source of sources) {
    if (source.kind !== 'row' || !ROLLUP_COLUMNS.includes(source.column)) return null;
    columns.push(source.column);
  }
  return columns;
}

/** Whole days (inclusive day numbers) of the plan the rollup can answer, or null if it cannot help. */
export function rollupWindow(plan: AggregatePlan, coversFromDay: number): { firstDay: number; lastDay: number } | null {
  if (plan.metrics.some((m) => m !== 'eventsCount') || plan.timeFilters.length > 0) return null;
  const answerable = plan.dimensions.every((d) => (d.kind === 'datetime' ? ROLLUP_BUCKETS[d.interval] !== undefined : rollupColumns(d.sources) !== null));
  if (!answerable || plan.fieldFilters.some((f) => rollupColumns([f.match.source]) === null)) return null;
  const firstDay = Math.max(Math.ceil(plan.from / DAY), coversFromDay);
  const lastDay = Math.floor((plan.to + 1) / DAY) - 1;
  return firstDay <= lastDay ? { firstDay, lastDay } : null;
}

/**
 * The plan over the rollup's whole days plus the raw rows of the partial days around them: both
 * parts yield the same keys (`bucket` and the field columns) and an event count `c`, which the
 * shared builder then groups, filters, orders and limits like any other query.
 */
export function buildRollupAggregateSql(
  scope: InsightsScope,
  plan: AggregatePlan,
  window: { firstDay: number; lastDay: number },
  d: SqlDialect,
): BuiltAggregate {
  const columns = [...new Set(plan.dimensions.flatMap((dim) => (dim.kind === 'field' ? (rollupColumns(dim.sources) ?? []) : [])))];
  const time = plan.dimensions.find((dim) => dim.kind === 'datetime');
  const part = (table: string, bucket: string | null, count: string, conditions: string[]): string => {
    const keys = [...(bucket ? ['bucket'] : []), ...columns];
    return [
      `SELECT ${[...(bucket ? [`${bucket} AS bucket`] : []), ...columns, `${count} AS c`].join(', ')}`,
      `FROM ${table}`,
      `WHERE ${[...scopeConditions(scope, d), ...conditions, ...fieldFilterConditions(plan, d)].join(' AND ')}`,
      keys.length ? `GROUP BY ${keys.join(', ')}` : '',
    ].join(' ');
  };
  const start = window.firstDay * DAY;
  const end = (window.lastDay + 1) * DAY; // exclusive
  const interval = time?.kind === 'datetime' ? time.interval : null;
  const parts = [
    part(ROLLUP_TABLE, interval && (ROLLUP_BUCKETS[interval] as string), 'sum(events)', [
      `day >= toDate(${d.bindTime(start)})`,
      `day <= toDate(${d.bindTime(end - 1)})`,
    ]),
  ];
  // The partial days at both ends, each its own part so that each reads only its own days.
  if (plan.from < start) parts.push(part(d.table, interval && d.bucket(interval), 'count(*)', d.timeRange(plan.from, start - 1)));
  if (plan.to >= end) parts.push(part(d.table, interval && d.bucket(interval), 'count(*)', d.timeRange(end, plan.to)));
  const union = `(${parts.join(' UNION ALL ')})`;
  const outer: SqlDialect = { ...d, table: union, from: () => union, bucket: () => 'bucket', eventCount: 'sum(c)' };
  return buildAggregateSql(scope, plan, outer, true);
}
