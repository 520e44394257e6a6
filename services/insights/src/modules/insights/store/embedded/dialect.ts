import type { DateTimeInterval, FieldSource } from '../../model/aggregate-columns';
import { parentMasks } from '../../model/geo-cell';
import type { SqlDialect, SqlValueType } from '../aggregate-sql';

const TS = '"timestamp"';
const DAYS = `(${TS} / 86400)`;

// The same buckets as ClickHouse's (dialect.ts there): integer arithmetic on unix seconds.
const BUCKETS: Record<DateTimeInterval, string> = {
  hour: `(${TS} / 3600) * 3600`,
  day: `${DAYS} * 86400`,
  week: `(${DAYS} - (${DAYS} + 3) % 7) * 86400`,
  month: `extract(epoch FROM date_trunc('month', to_timestamp(${TS}) AT TIME ZONE 'UTC'))::bigint`,
};

const CASTS: Record<SqlValueType, string> = { String: 'text', Int64: 'bigint', Float64: 'float8' };

/** The same text as ClickHouse's: the parent cell as 16 lowercase hex digits, '' when unknown. */
function geoCell(precision: number): string {
  const { keep, set } = parentMasks(precision);
  return `(CASE WHEN geo_h3 = 0 THEN '' ELSE lpad(to_hex((geo_h3 & ${keep}) | ${set}), 16, '0') END)`;
}

/** Postgres spelling of the shared aggregate SQL; values go to `params` as $n placeholders. */
export function postgresDialect(params: unknown[]): SqlDialect {
  const bind = (type: SqlValueType, value: string | number): string => {
    params.push(value);
    return `$${params.length}::${CASTS[type]}`;
  };
  // An array source as rows: a subquery over the event's claim arrays, with one column `value`.
  const elements = (source: FieldSource): string => {
    if (source.kind === 'claimKeys') return 'SELECT DISTINCT c.k AS value FROM unnest(visitor_claim_keys) AS c(k)';
    if (source.kind === 'claimValues')
      return `SELECT c.v AS value FROM unnest(visitor_claim_keys, visitor_claim_values) AS c(k, v) WHERE c.k = ${bind('String', source.claim)}`;
    throw new TypeError(`${source.kind} is not an array source`);
  };
  // Grouping by an array source joins its elements laterally, once per source (ClickHouse's
  // arrayJoin): an event without elements drops out, as it does there.
  const joins = new Map<string, string>();
  const joined = (source: FieldSource): string => {
    const key = JSON.stringify(source);
    let alias = joins.get(key);
    if (!alias) {
      alias = `j${joins.size}`;
      joins.set(key, alias);
      joinClauses.push(`CROSS JOIN LATERAL (${elements(source)}) AS ${alias}`);
    }
    return `${alias}.value`;
  };
  const joinClauses: string[] = [];
  return {
    table: 'insights_events',
    from: () => ['insights_events', ...joinClauses].join(' '),
    bind,
    timeColumn: TS,
    bindTime: (seconds) => bind('Int64', seconds),
    timeRange: (from, to) => [`${TS} >= ${bind('Int64', from)}`, `${TS} <= ${bind('Int64', to)}`],
    bucket: (interval) => BUCKETS[interval],
    source: (source: FieldSource) => {
      switch (source.kind) {
        case 'row':
          return source.column;
        case 'bot':
          return "(CASE WHEN is_bot = 1 THEN 'unknown' ELSE '' END)";
        case 'property':
          // The key is a whitelisted constant; invalid JSON never reaches the table (the ingest writes it).
          return `COALESCE(properties::jsonb ->> '${source.key}', '')`;
        case 'geoCell':
          return geoCell(source.precision);
        default:
          return joined(source);
      }
    },
    anyElementIn: (source, list) => `EXISTS (SELECT 1 FROM (${elements(source)}) AS e WHERE e.value IN (${list}))`,
    hasElements: (source) => `EXISTS (${elements(source)})`,
    distinctCount: (expression) => `count(DISTINCT ${expression})`,
    countEventsIf: (condition) => `count(*) FILTER (WHERE ${condition})`,
    visitorKey: "COALESCE(NULLIF(visitor_id, ''), visitor_hash)",
    orderText: (expression) => `${expression} COLLATE "C"`,
  };
}
