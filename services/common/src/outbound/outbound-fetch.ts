import { lookup } from 'node:dns';
import type * as Undici from 'undici';
import type { Agent } from 'undici';
import { isIpLiteral, type OutboundAddressPolicy, unbracket } from './address-policy';

// Required by the first outbound fetch, not at import: undici costs every process that builds a
// fetcher ~70 ms of CPU at start, and most starts fetch nothing for a while (issue #22 §4).
let undici: typeof Undici | undefined;
function loadUndici(): typeof Undici {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  return (undici ??= require('undici') as typeof Undici);
}

export type OutboundErrorKind = 'invalid-url' | 'refused' | 'timeout' | 'http' | 'too-large' | 'network';

/** Why an outbound fetch did not return a body; `status` is the remote answer for `http`. */
export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundFetchOptions {
  /** The whole fetch, redirects and body included. */
  timeoutMs?: number;
  /** Bodies larger than this are refused without reading further. */
  maxBytes?: number;
  accept?: string;
}

export interface OutboundResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  body: Buffer;
}

/** One HTTP request of any method (webhook deliveries); redirects are followed only when asked. */
export interface OutboundRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange, redirects and body included. */
  timeoutMs?: number;
  /** The answer's body is read up to this many bytes; the rest is dropped (not an error). */
  maxBytes?: number;
  /** Default true; false answers a 3xx as it is. */
  followRedirects?: boolean;
}

/** Any answer, whatever its status (a non-2xx is not an error here). */
export interface OutboundRequestResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  statusText: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** At most `maxBytes`. */
  body: Buffer;
}

export const OUTBOUND_DEFAULTS = { timeoutMs: 10_000, maxBytes: 20 * 1024 * 1024, maxRedirects: 5 } as const;

/**
 * The one way services reach the outside (imports, OpenAPI URLs). Every connection, the first and
 * each redirect's, goes through a connector that resolves the host itself, refuses private,
 * loopback, link-local and reserved addresses unless allow-listed, and connects to the address it
 * checked (no second lookup an attacker's DNS could answer differently).
 */
export class OutboundFetcher {
  private agent: Agent | undefined;

  constructor(private readonly policy: OutboundAddressPolicy) {}

  private dispatcher(): Agent {
    if (this.agent) return this.agent;
    const { Agent, buildConnector } = loadUndici();
    const connectTo = buildConnector({ timeout: OUTBOUND_DEFAULTS.timeoutMs });
    return (this.agent = new Agent({
      connect: (options, callback) => {
        const hostname = unbracket(options.hostname);
        if (this.policy.allowsHost(hostname)) return connectTo(options, callback);
        if (isIpLiteral(hostname)) {
          // dns.lookup is never asked about a literal address: judge it here.
          if (!this.policy.allowsAddress(hostname)) return callback(refused(hostname, hostname), null);
          return connectTo(options, callback);
        }
        lookup(hostname, { all: true }, (err, addresses) => {
          if (err) return callback(new OutboundError('network', `cannot resolve ${hostname}: ${err.code ?? err.message}`), null);
          const bad = addresses.find((a) => !this.policy.allowsAddress(a.address));
          if (bad || addresses.length === 0) return callback(refused(hostname, bad?.address ?? 'no address'), null);
          connectTo({ ...options, hostname: addresses[0]!.address, servername: options.servername ?? hostname }, callback);
        });
      },
    }));
  }

  async fetch(rawUrl: string, options: OutboundFetchOptions = {}): Promise<OutboundResponse> {
    const timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
    const maxBytes = options.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
    let url = parseHttpUrl(rawUrl);
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      // Redirects are followed by hand so that their number is bounded and each target is an http(s) URL.
      for (let redirects = 0; ; redirects++) {
        const res = await loadUndici().fetch(url, { dispatcher: this.dispatcher(), redirect: 'manual', signal, headers: { accept: options.accept ?? '*/*' } });
        const location = res.headers.get('location');
        if (res.status >= 300 && res.status < 400 && location) {
          await res.body?.cancel();
          if (redirects >= OUTBOUND_DEFAULTS.maxRedirects) throw new OutboundError('http', `more than ${OUTBOUND_DEFAULTS.maxRedirects} redirects`, res.status);
          url = parseHttpUrl(new URL(location, url).toString());
          continue;
        }
        if (!res.ok) {
          await res.body?.cancel();
          throw new OutboundError('http', `${url.origin} answered ${res.status}`, res.status);
        }
        const declared = Number(res.headers.get('content-length') ?? NaN);
        if (declared > maxBytes) {
          await res.body?.cancel();
          throw tooLarge(maxBytes);
        }
        return { url: url.toString(), status: res.status, contentType: res.headers.get('content-type'), body: await readCapped(res.body, maxBytes) };
      }
    } catch (err) {
      if (signal.aborted && !(err instanceof OutboundError)) throw new OutboundError('timeout', `no complete answer within ${timeoutMs} ms`);
      throw asOutboundError(err, timeoutMs);
    }
  }

  /**
   * Sends one request through the same address checks as `fetch` and answers whatever status
   * comes back; only a refused address, a network failure or the timeout throw (OutboundError).
   */
  async request(rawUrl: string, options: OutboundRequestOptions = {}): Promise<OutboundRequestResponse> {
    const timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
    const maxBytes = options.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
    let url = parseHttpUrl(rawUrl);
    let method = options.method ?? 'GET';
    let body = options.body;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      for (let redirects = 0; ; redirects++) {
        const res = await loadUndici().fetch(url, { dispatcher: this.dispatcher(), redirect: 'manual', signal, method, headers: options.headers, body });
        const location = res.headers.get('location');
        if (options.followRedirects !== false && res.status >= 300 && res.status < 400 && location) {
          await res.body?.cancel();
          if (redirects >= OUTBOUND_DEFAULTS.maxRedirects) throw new OutboundError('http', `more than ${OUTBOUND_DEFAULTS.maxRedirects} redirects`, res.status);
          url = parseHttpUrl(new URL(location, url).toString());
          // 303, and 301/302 after a POST, continue as a GET without a body (what browsers do).
          if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) [method, body] = ['GET', undefined];
          continue;
        }
        const headers: Record<string, string> = {};
        res.headers.forEach((value, name) => (headers[name] = value));
        return { url: url.toString(), status: res.status, statusText: res.statusText, headers, body: await readPrefix(res.body, maxBytes) };
      }
    } catch (err) {
      if (signal.aborted && !(err instanceof OutboundError)) throw new OutboundError('timeout', `no complete answer within ${timeoutMs} ms`);
      throw asOutboundError(err, timeoutMs);
    }
  }

  async close(): Promise<void> {
    await this.agent?.close();
  }
}

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('invalid-url', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('invalid-url', `only http and https URLs can be fetched (got ${url.protocol})`);
  return url;
}

async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await body.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The first `maxBytes` bytes of a body; the rest is not read. */
async function readPrefix(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size >= maxBytes) {
      await body.cancel().catch(() => undefined);
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, maxBytes);
}

function refused(hostname: string, address: string): OutboundError {
  return new OutboundError('refused', `${hostname} resolves to ${address}, a private, loopback or reserved address that is not allow-listed`);
}

function tooLarge(maxBytes: number): OutboundError {
  return new OutboundError('too-large', `the response is larger than ${maxBytes} bytes`);
}

/** undici wraps connector errors in `TypeError: fetch failed` (cause) and aborts in DOMExceptions. */
function asOutboundError(err: unknown, timeoutMs: number): OutboundError {
  if (err instanceof OutboundError) return err;
  const cause = err instanceof Error ? (err.cause as unknown) : undefined;
  if (cause instanceof OutboundError) return cause;
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError' || (cause instanceof Error && cause.name === 'ConnectTimeoutError')) {
    return new OutboundError('timeout', `no complete answer within ${timeoutMs} ms`);
  }
  const detail = cause instanceof Error ? cause.message : err instanceof Error ? err.message : String(err);
  return new OutboundError('network', detail);
}
