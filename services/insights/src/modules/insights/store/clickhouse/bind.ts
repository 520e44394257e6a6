// The only way a value enters ClickHouse SQL. Servers that know `{name:Type}` query parameters
// get them (the value never touches the SQL text); older ones (18.16 has no parameters) get an
// escaped literal. Which one is decided once per store, by `supportsQueryParams`.

export type BindType = 'String' | 'UInt32' | 'Int64' | 'Float64' | 'DateTime';

/** A value of `type`: strings for String, unix seconds for DateTime, numbers otherwise. */
export type BindValue = string | number;

export interface Binder {
  /** The SQL text standing for `value`; registers a query parameter when the server has them. */
  bind(type: BindType, value: BindValue): string;
  /** The query parameters to send with the query (empty in literal mode). */
  readonly params: Record<string, string | number>;
}

/** A binder for one query: parameters on modern servers, escaped literals otherwise. */
export function createBinder(useParams: boolean): Binder {
  const params: Record<string, string | number> = {};
  let next = 0;
  return {
    params,
    bind(type, value) {
      const checked = checkValue(type, value);
      if (!useParams) return literal(type, checked);
      const name = `p${next++}`;
      params[name] = checked;
      // A DateTime parameter is sent as unix seconds, so it cannot depend on the server's time zone.
      return type === 'DateTime' ? `toDateTime({${name}:UInt32}, 'UTC')` : `{${name}:${type}}`;
    },
  };
}

function checkValue(type: BindType, value: BindValue): string | number {
  if (type === 'String') {
    if (typeof value !== 'string') throw new TypeError('bind: String needs a string');
    return value;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(`bind: ${type} needs a finite number`);
  if (type === 'Float64') return value;
  if (!Number.isSafeInteger(value)) throw new TypeError(`bind: ${type} needs an integer`);
  if ((type === 'UInt32' || type === 'DateTime') && (value < 0 || value > 0xffffffff)) throw new RangeError(`bind: ${type} out of range`);
  return value;
}

function literal(type: BindType, value: string | number): string {
  if (type === 'String') return quoteString(String(value));
  if (type === 'DateTime') return `toDateTime(${value}, 'UTC')`;
  // Numbers were checked above: their decimal text is all there is.
  return String(value);
}

/**
 * A ClickHouse string literal: backslash first, then the quote (so an escape cannot be undone by
 * a later replacement); NUL is also escaped because some parsers stop at it.
 */
export function quoteString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\0/g, '\\0')}'`;
}
