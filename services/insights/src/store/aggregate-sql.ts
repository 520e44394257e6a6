import type { DateTimeInterval, FieldSource, MetricColumn } from '../domain/aggregate-columns';
import { FIELD_COLUMNS } from '../domain/aggregate-columns';
import type { AggregatePlan, OutputKey } from '../domain/aggregate-query';
import type { AggregateRow, InsightsScope, VisitorSegmentRow } from './insights-store';

// One SQL builder for both stores, reading one AggregatePlan; a dialect says how each piece is
// spelled in ClickHouse or Postgres. Values only enter through `dialect.bind`; every other
// fragment comes from the column whitelist.

export type SqlValueType = 'String' | 'Int64' | 'Float64';

export interface SqlDialect {
  table: string;
  bind(type: SqlValueType, value: string | number): string;
  /** The stored time column, and a bound unix-seconds value comparable with it. */
  timeColumn: string;
  bindTime(seconds: number): string;
  /** The start of the bucket holding each event, as unix seconds (UTC; weeks start on Monday). */
  bucket(interval: DateTimeInterval): string;
  source(source: FieldSource): string;
  distinctCount(expression: string): string;
  /** The visitor: the client's visitor id, or the privacy-preserving hash when it sent none. */
  visitorKey: string;
  /** Byte order for strings, so both stores sort alike. */
  orderText(expression: string): string;
  /** How events are counted when a row is not one event (pre-aggregated rows); default count(*). */
  eventCount?: string;
}

export interface BuiltAggregate {
  sql: string;
  decode(rows: Record<string, unknown>[]): AggregateRow[];
}

const METRIC_SOURCE: Record<MetricColumn, (d: SqlDialect) => string> = {
  // Stores hold each event once (inserts are exactly once), so events are plain row counts.
  eventsCount: (d) => d.eventCount ?? 'count(*)',
  sessionsCount: (d) => d.distinctCount('session_id'),
  visitorsCount: (d) => d.distinctCount(d.visitorKey),
};

/**
 * The plan's query. `prefiltered` is for a `d.table` that is already narrowed to the scope, the
 * range and the filters (a subquery), so no WHERE is added.
 */
export function buildAggregateSql(scope: InsightsScope, plan: AggregatePlan, d: SqlDialect, prefiltered = false): BuiltAggregate {
  const dimensionExprs = plan.dimensions.map((dimension) =>
    dimension.kind === 'datetime' ? [d.bucket(dimension.interval)] : FIELD_COLUMNS[dimension.column].sources.map((s) => d.source(s)),
  );
  const metricExprs = plan.metrics.map((m) => METRIC_SOURCE[m](d));
  const dimensionAliases = dimensionExprs.map((exprs, i) => exprs.map((_, j) => `d${i}_${j}`));
  const metricAliases = metricExprs.map((_, k) => `m${k}`);
  const selects = [
    ...dimensionExprs.flatMap((exprs, i) => exprs.map((e, j) => `${e} AS ${dimensionAliases[i]?.[j]}`)),
    ...metricExprs.map((e, k) => `${e} AS ${metricAliases[k]}`),
  ];
  const where = [
    ...scopeConditions(scope, d),
    `${d.timeColumn} >= ${d.bindTime(plan.from)}`,
    `${d.timeColumn} <= ${d.bindTime(plan.to)}`,
    ...plan.timeFilters.map((t) => `${d.timeColumn} ${t.op} ${d.bindTime(t.seconds)}`),
    ...fieldFilterConditions(plan, d),
  ];
  const having = plan.having.map((h) => `${METRIC_SOURCE[h.metric](d)} ${h.op} ${d.bind('Float64', h.value)}`);
  const orderFor = (key: OutputKey, direction: string): string[] => {
    if ('metric' in key) return [`${METRIC_SOURCE[key.metric](d)} ${direction}`];
    const dimension = plan.dimensions[key.dimension];
    const exprs = dimensionExprs[key.dimension] ?? [];
    return exprs.map((e) => `${dimension?.kind === 'field' ? d.orderText(e) : e} ${direction}`);
  };
  // Every dimension breaks ties, so a limited result is the same rows in both stores.
  const order = [
    ...orderFor(plan.order.key, plan.order.direction.toUpperCase()),
    ...plan.dimensions.flatMap((_, i) => orderFor({ dimension: i }, 'ASC')),
  ];
  const flatDimensions = dimensionExprs.flat();
  const sql = [
    `SELECT ${selects.join(', ')}`,
    `FROM ${d.table}`,
    prefiltered ? '' : `WHERE ${where.join(' AND ')}`,
    flatDimensions.length ? `GROUP BY ${flatDimensions.join(', ')}` : '',
    having.length ? `HAVING ${having.join(' AND ')}` : '',
    `ORDER BY ${order.join(', ')}`,
    // Gap filling needs every bucket; their number is bounded by the range and the interval.
    plan.fillInterval ? '' : `LIMIT ${Math.trunc(plan.limit)}`,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    decode: (rows) =>
      rows.map((r) => ({
        dimensions: dimensionAliases.map((aliases) => aliases.map((a) => String(r[a] ?? ''))),
        metrics: metricAliases.map((a) => Number(r[a] ?? 0)),
      })),
  };
}

export function buildVisitorSegmentsSql(scope: InsightsScope, limit: number, d: SqlDialect): { sql: string; decode(rows: Record<string, unknown>[]): VisitorSegmentRow[] } {
  const events = 'count(*)';
  const sql = [
    `SELECT visitor_claims AS claims, ${events} AS events, ${d.distinctCount(d.visitorKey)} AS visitors, ${d.distinctCount('session_id')} AS sessions`,
    `FROM ${d.table}`,
    `WHERE ${[...scopeConditions(scope, d), `visitor_claims NOT IN (${d.bind('String', '{}')}, ${d.bind('String', '')})`].join(' AND ')}`,
    'GROUP BY visitor_claims',
    `ORDER BY ${events} DESC, ${d.orderText('visitor_claims')} ASC`,
    `LIMIT ${Math.trunc(limit)}`,
  ].join('\n');
  return {
    sql,
    decode: (rows) =>
      rows.map((r) => ({ claims: String(r.claims), events: Number(r.events), visitors: Number(r.visitors), sessions: Number(r.sessions) })),
  };
}

/** The plan's `in` / `notIn` filters; each compares the first source of its column. */
export function fieldFilterConditions(plan: AggregatePlan, d: SqlDialect): string[] {
  return plan.fieldFilters.map((f) => {
    const source = FIELD_COLUMNS[f.column].sources[0] as FieldSource;
    return `${d.source(source)} ${f.negate ? 'NOT IN' : 'IN'} (${f.values.map((v) => d.bind('String', v)).join(', ')})`;
  });
}

export function scopeConditions(scope: InsightsScope, d: SqlDialect): string[] {
  return [`site_id = ${d.bind('String', scope.siteId)}`, `organization_id = ${d.bind('String', scope.organizationId)}`];
}
