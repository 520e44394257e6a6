import type { DateTimeInterval, FieldSource, Metric, MetricColumn } from '../model/aggregate-columns';
import { isArraySource, isNumericSource, isRatingColumn, RATING_COLUMNS } from '../model/aggregate-columns';
import type { AggregatePlan, OutputKey } from '../model/aggregate-plan';
import type { AggregateRow, InsightsScope, VisitorSegmentRow } from './insights-store';

// One SQL builder for both stores, reading one AggregatePlan; a dialect says how each piece is
// spelled in ClickHouse or Postgres. Values only enter through `dialect.bind`; every other
// fragment comes from the column whitelist.

export type SqlValueType = 'String' | 'Int64' | 'Float64';

export interface SqlDialect {
  table: string;
  /** The FROM clause: the table, plus what the array sources spelled so far need (Postgres joins them laterally). */
  from(): string;
  bind(type: SqlValueType, value: string | number): string;
  /** The stored time column, and a bound unix-seconds value comparable with it. */
  timeColumn: string;
  bindTime(seconds: number): string;
  /** Conditions keeping events from `from` to `to` (inclusive unix seconds), spelled so the store's index can use them. */
  timeRange(from: number, to: number): string[];
  /** The start of the bucket holding each event, as unix seconds (UTC; weeks start on Monday). */
  bucket(interval: DateTimeInterval): string;
  /** A source's value; an array source gives one row per element (ClickHouse arrayJoin, a lateral join in Postgres). */
  source(source: FieldSource): string;
  /** Whether any element of an array source is in the bound `list`, without spreading rows. */
  anyElementIn(source: FieldSource, list: string): string;
  /** Whether an array source has any element (the event carries the claim). */
  hasElements(source: FieldSource): string;
  distinctCount(expression: string): string;
  /** The number of the group's events where `condition` holds (counted like eventsCount). */
  countEventsIf(condition: string): string;
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

/** A rating's counts: one per rating value, over the rating events of the group. */
function ratingCounts(metric: keyof typeof RATING_COLUMNS, d: SqlDialect): string[] {
  const { eventType, column, buckets } = RATING_COLUMNS[metric];
  const type = typeof buckets[0]?.value === 'number' ? 'Int64' : 'String';
  return buckets.map((b) => d.countEventsIf(`type = ${d.bind('String', eventType)} AND ${column} = ${d.bind(type, b.value)}`));
}

/** A metric's expressions: one for a count, one per rating for a rating. */
function metricSources(metric: Metric, d: SqlDialect): string[] {
  return isRatingColumn(metric) ? ratingCounts(metric, d) : [METRIC_SOURCE[metric](d)];
}

/** What a metric is ordered by: its count, or a rating's net score (metricScore in the domain). */
function metricOrder(metric: Metric, d: SqlDialect): string {
  if (!isRatingColumn(metric)) return METRIC_SOURCE[metric](d);
  const counts = ratingCounts(metric, d);
  return `(${RATING_COLUMNS[metric].buckets.map((b, i) => `${b.weight} * ${counts[i]}`).join(' + ')})`;
}

function filterCondition(f: AggregatePlan['fieldFilters'][number], d: SqlDialect): string {
  const list = f.match.values.map((v) => d.bind(f.match.type, v)).join(', ');
  if (!isArraySource(f.match.source)) return `${d.source(f.match.source)} ${f.negate ? 'NOT IN' : 'IN'} (${list})`;
  // notIn over a claim: events that have it, with no value in the list (not visitors without it).
  const any = d.anyElementIn(f.match.source, list);
  return f.negate ? `${d.hasElements(f.match.source)} AND NOT ${any}` : any;
}

/**
 * The plan's query. `prefiltered` is for a `d.table` that is already narrowed to the scope, the
 * range and the filters (a subquery), so no WHERE is added.
 */
export function buildAggregateSql(scope: InsightsScope, plan: AggregatePlan, d: SqlDialect, prefiltered = false): BuiltAggregate {
  const dimensionExprs = plan.dimensions.map((dimension) =>
    dimension.kind === 'datetime' ? [d.bucket(dimension.interval)] : dimension.sources.map((s) => d.source(s)),
  );
  const metricExprs = plan.metrics.map((m) => metricSources(m, d));
  const dimensionAliases = dimensionExprs.map((exprs, i) => exprs.map((_, j) => `d${i}_${j}`));
  const metricAliases = metricExprs.map((exprs, k) => exprs.map((_, j) => `m${k}_${j}`));
  const selects = [
    ...dimensionExprs.flatMap((exprs, i) => exprs.map((e, j) => `${e} AS ${dimensionAliases[i]?.[j]}`)),
    ...metricExprs.flatMap((exprs, k) => exprs.map((e, j) => `${e} AS ${metricAliases[k]?.[j]}`)),
  ];
  const where = [
    ...scopeConditions(scope, d),
    ...d.timeRange(plan.from, plan.to),
    ...plan.timeFilters.map((t) => `${d.timeColumn} ${t.op} ${d.bindTime(t.seconds)}`),
    ...fieldFilterConditions(plan, d),
  ];
  const having = plan.having.map((h) => `${METRIC_SOURCE[h.metric](d)} ${h.op} ${d.bind('Float64', h.value)}`);
  const orderFor = (key: OutputKey, direction: string): string[] => {
    if ('metric' in key) return [`${metricOrder(key.metric, d)} ${direction}`];
    const dimension = plan.dimensions[key.dimension];
    const exprs = dimensionExprs[key.dimension] ?? [];
    const text = (j: number): boolean => dimension?.kind === 'field' && !isNumericSource(dimension.sources[j]);
    return exprs.map((e, j) => `${text(j) ? d.orderText(e) : e} ${direction}`);
  };
  // Every dimension breaks ties, so a limited result is the same rows in both stores.
  const order = [...orderFor(plan.order.key, plan.order.direction.toUpperCase()), ...plan.dimensions.flatMap((_, i) => orderFor({ dimension: i }, 'ASC'))];
  const flatDimensions = dimensionExprs.flat();
  const sql = [
    `SELECT ${selects.join(', ')}`,
    `FROM ${d.from()}`,
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
        metrics: metricAliases.map((aliases) => aliases.map((a) => Number(r[a] ?? 0))),
      })),
  };
}

export function buildVisitorSegmentsSql(
  scope: InsightsScope,
  limit: number,
  d: SqlDialect,
): { sql: string; decode(rows: Record<string, unknown>[]): VisitorSegmentRow[] } {
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
    decode: (rows) => rows.map((r) => ({ claims: String(r.claims), events: Number(r.events), visitors: Number(r.visitors), sessions: Number(r.sessions) })),
  };
}

/** The plan's `in` / `notIn` filters. */
export function fieldFilterConditions(plan: AggregatePlan, d: SqlDialect): string[] {
  return plan.fieldFilters.map((f) => filterCondition(f, d));
}

export function scopeConditions(scope: InsightsScope, d: SqlDialect): string[] {
  return [`site_id = ${d.bind('String', scope.siteId)}`, `organization_id = ${d.bind('String', scope.organizationId)}`];
}
