// Which handler failures a retry can fix. A transient failure (a dependency down or slow) throws
// on to the bus, which delivers the message again with backoff: nothing is lost. Anything else is
// permanent (the message itself is bad: a constraint or data error, unparseable JSON, a value the
// store refuses) and would fail the same way forever, so the message is parked as a dead letter.

export type FailureKind = 'transient' | 'permanent';

/** Node socket and DNS errors, and undici's (fetch-based HTTP clients). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * PostgreSQL SQLSTATEs (Appendix A): whole classes 08 (connection exception) and 53 (insufficient
 * resources), plus operator intervention 57014 (statement timeout) and 57P01..57P05 (shutdown,
 * cannot connect now), and the transaction rollbacks a retry resolves: 40001 serialization
 * failure, 40P01 deadlock, 55P03 lock not available.
 */
const PG_TRANSIENT_CLASSES = ['08', '53'];
const PG_TRANSIENT_CODES = new Set(['57014', '57P01', '57P02', '57P03', '57P04', '57P05', '40001', '40P01', '55P03']);

/**
 * ClickHouse server error types (src/Common/ErrorCodes.cpp) that say the server is busy, slow or
 * unreachable; every other ClickHouse error (CANNOT_PARSE_*, TYPE_MISMATCH, ...) is about the data.
 */
const CLICKHOUSE_TRANSIENT_TYPES = new Set([
  'TIMEOUT_EXCEEDED',
  'SOCKET_TIMEOUT',
  'NETWORK_ERROR',
  'TOO_MANY_SIMULTANEOUS_QUERIES',
  'MEMORY_LIMIT_EXCEEDED',
  'TOO_MANY_PARTS',
  'ALL_CONNECTION_TRIES_FAILED',
  'TABLE_IS_READ_ONLY',
  'NO_ZOOKEEPER',
  'KEEPER_EXCEPTION',
  'ABORTED',
]);

/** gRPC status codes: UNAVAILABLE, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED. */
const GRPC_TRANSIENT_CODES = new Set([14, 4, 8]);

/** Messages of errors that carry no code (HTTP clients, proxies, drivers). */
const TRANSIENT_MESSAGE =
  /socket hang up|timed? ?out|connection (?:terminated|refused|reset|closed)|store (?:is )?down|\b(?:502|503|504)\b.*(?:gateway|unavailable)/i;

/** Classifies one handler failure; follows `cause` chains (a wrapped driver error keeps its kind). */
export function classifyFailure(err: unknown, depth = 0): FailureKind {
  if (typeof err !== 'object' || err === null) return 'permanent';
  const e = err as { name?: unknown; code?: unknown; type?: unknown; status?: unknown; statusCode?: unknown; message?: unknown; cause?: unknown };
  if (e.name === 'MalformedEventError') return 'permanent';
  if (e.name === 'DependencyUnavailableError') return 'transient';
  // Our gRPC clients' answer when a service is down or past its deadline (grpc/error-status.ts):
  // its numeric code is the HTTP status, not a gRPC one, and its message names no number.
  if (e.name === 'ApiError' && e.code === 503) return 'transient';
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code)) return 'transient';
    if (typeof e.type === 'string') return CLICKHOUSE_TRANSIENT_TYPES.has(e.type) ? 'transient' : 'permanent';
    if (/^[0-9A-Z]{5}$/.test(e.code)) return PG_TRANSIENT_CLASSES.includes(e.code.slice(0, 2)) || PG_TRANSIENT_CODES.has(e.code) ? 'transient' : 'permanent';
  }
  if (typeof e.code === 'number' && GRPC_TRANSIENT_CODES.has(e.code) && typeof (err as { details?: unknown }).details === 'string') return 'transient';
  const status = typeof e.statusCode === 'number' ? e.statusCode : e.status;
  if (typeof status === 'number' && status >= 500 && status <= 599) return 'transient';
  if (typeof e.message === 'string' && TRANSIENT_MESSAGE.test(e.message)) return 'transient';
  return e.cause !== undefined && depth < 5 ? classifyFailure(e.cause, depth + 1) : 'permanent';
}
