import type { DateTimeInterval, FieldSource } from '../../domain/aggregate-columns';
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

/** Postgres spelling of the shared aggregate SQL; values go to `params` as $n placeholders. */
export function postgresDialect(params: unknown[]): SqlDialect {
  const bind = (type: SqlValueType, value: string | number): string => {
    params.push(value);
    return `$${params.length}::${CASTS[type]}`;
  };
  return {
    table: 'insights_events',
    bind,
    timeColumn: TS,
    bindTime: (seconds) => bind('Int64', seconds),
    bucket: (interval) => BUCKETS[interval],
    source: (source: FieldSource) => {
      if (source.kind === 'row') return source.column;
      if (source.kind === 'bot') return "(CASE WHEN is_bot = 1 THEN 'unknown' ELSE '' END)";
      // The key is a whitelisted constant; invalid JSON never reaches the table (the ingest writes it).
      return `COALESCE(properties::jsonb ->> '${source.key}', '')`;
    },
    distinctCount: (expression) => `count(DISTINCT ${expression})`,
    visitorKey: "COALESCE(NULLIF(visitor_id, ''), visitor_hash)",
    orderText: (expression) => `${expression} COLLATE "C"`,
  };
}
