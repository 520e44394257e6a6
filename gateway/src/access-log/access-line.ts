/**
 * One access-log line per request the gateway answers, for someone debugging a client: what was
 * asked, by whom, and what the gateway answered, including what it refused itself (401, 404, 405,
 * 408, 413, 429, 503) before any service saw the request. Never a credential: query values whose
 * name says secret are replaced, a link invite's secret in its path too, and headers are not logged.
 */
export interface AccessRecord {
  requestId: string;
  method: string;
  /** The request's path as sent (not decoded). */
  path: string;
  /** The query string, without its `?`. */
  query: string;
  status: number;
  durationMs: number;
  /** The authenticated caller's user id, once the gateway knows it. */
  principal?: string;
  /** The client went away before the answer was complete. */
  aborted?: boolean;
}

export interface AccessLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  principal?: string;
  aborted?: true;
}

export const REDACTED = '[redacted]';

/**
 * Query parameters whose value is a credential: signed links (`signature`), visitor and share tokens
 * (`token`, `jwt_token`, `share_key`), API keys. A name matches when one of its `_`/`-` separated
 * words (or the name with separators removed) is one of these.
 */
const SECRET_WORDS = new Set([
  'signature',
  'sig',
  'token',
  'jwt',
  'key',
  'apikey',
  'secret',
  'password',
  'passwd',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'code',
  'session',
]);

export function isSecretParameter(name: string): boolean {
  const lower = name.toLowerCase();
  const words = lower.split(/[^a-z0-9]+/).filter(Boolean);
  return words.some((w) => SECRET_WORDS.has(w)) || SECRET_WORDS.has(words.join('')) || /token|secret|password|signature/.test(lower);
}

/** The query with every secret value replaced; other values kept as sent. */
export function redactQuery(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // Malformed escapes: judge the name as sent.
      }
      return eq !== -1 && isSecretParameter(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A link invite's address (`/invite/{org}/{secret}`, identity's presenter) carries its secret in the path. */
const INVITE_PATH = /^(\/invite\/[^/]+\/)[^/]+/;

export function redactPath(path: string): string {
  return path.replace(INVITE_PATH, `$1${REDACTED}`);
}

export function accessLine(record: AccessRecord): AccessLine {
  const query = redactQuery(record.query);
  return {
    requestId: record.requestId,
    method: record.method,
    path: query ? `${redactPath(record.path)}?${query}` : redactPath(record.path),
    status: record.status,
    ms: Math.round(record.durationMs),
    ...(record.principal ? { principal: record.principal } : {}),
    ...(record.aborted ? { aborted: true as const } : {}),
  };
}
