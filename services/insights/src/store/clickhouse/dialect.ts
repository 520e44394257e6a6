import type { DateTimeInterval, FieldSource } from '../../domain/aggregate-columns';
import type { SqlDialect } from '../aggregate-sql';
import type { Binder } from './bind';
import { quoteString } from './bind';
import { EVENTS_TABLE } from './schema';

const SECONDS = 'toUInt32(timestamp)';
const DAYS = `intDiv(${SECONDS}, 86400)`;

// Buckets by arithmetic on unix seconds where possible, so the server's time zone never matters;
// day 0 (1970-01-01) was a Thursday, hence the +3 for Monday weeks.
const BUCKETS: Record<DateTimeInterval, string> = {
  hour: `intDiv(${SECONDS}, 3600) * 3600`,
  day: `${DAYS} * 86400`,
  week: `(${DAYS} - (${DAYS} + 3) % 7) * 86400`,
  month: 'toUInt32(toStartOfMonth(timestamp)) * 86400',
};

/** ClickHouse spelling of the shared aggregate SQL, binding values through `binder`. */
export function clickhouseDialect(binder: Binder): SqlDialect {
  return {
    table: EVENTS_TABLE,
    bind: (type, value) => binder.bind(type, value),
    timeColumn: 'timestamp',
    bindTime: (seconds) => binder.bind('DateTime', seconds),
    bucket: (interval) => BUCKETS[interval],
    source: (source: FieldSource) => {
      if (source.kind === 'row') return source.column;
      if (source.kind === 'bot') return "if(is_bot = 1, 'unknown', '')";
      // The key is a whitelisted constant, not user input.
      return `visitParamExtractString(properties, ${quoteString(source.key)})`;
    },
    distinctCount: (expression) => `uniqExact(${expression})`,
    visitorKey: "if(visitor_id = '', visitor_hash, visitor_id)",
    orderText: (expression) => expression,
  };
}
