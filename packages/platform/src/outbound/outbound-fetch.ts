import { lookup } from 'node:dns';
import type * as Undici from 'undici';
import type { ReadableStream } from 'node:stream/web';
import type { Agent } from 'undici';
import { isIpLiteral, type OutboundAddressPolicy } from './address-policy';
import { unbracket } from './address-ranges';

// Required by the first outbound fetch, not at import: undici costs every process that builds a
// fetcher ~70 ms of CPU at start, and most starts fetch nothing for a while.
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

export interface OutboundRequestOptions {
  /** GET when omitted. */
  method?: string;
  headers?: Record<string, string>;
  /** A streamed body is sent once: a redirect that would send it again is answered, not followed. */
  body?: Buffer | AsyncIterable<Uint8Array>;
  /** The whole request, redirects and body included. */
  timeoutMs?: number;
  /**
   * Fails the request when the remote sends nothing for this long: no answer after connecting, or a
   * pause in the body (a remote that accepts and never answers fails in this, not in `timeoutMs`).
   */
  idleTimeoutMs?: number;
  /** Successful bodies larger than this are refused without reading further. */
  maxBytes?: number;
  /** Defaults to true for GET and HEAD; when false, a 3xx is returned like any other answer. */
  followRedirects?: boolean;
}

/** Any answer, 2xx or not: the caller decides what a status means. */
export interface OutboundReply {
  /** The URL that answered, after redirects, without credentials. */
  url: string;
  status: number;
  statusText: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** A non-2xx body is cut at ERROR_BODY_BYTES rather than refused (it is only ever an explanation). */
  body: Buffer;
}

export const OUTBOUND_DEFAULTS = { timeoutMs: 10_000, maxBytes: 20 * 1024 * 1024, maxRedirects: 5 } as const;
const ERROR_BODY_BYTES = 64 * 1024;

/**
 * The one way services reach the outside (imports, OpenAPI URLs, Git remotes). Every connection, the
 * first and each redirect's, goes through a connector that resolves the host itself, refuses private,
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

  /** A GET whose answer must be 2xx (anything else is an `http` error), read whole. */
  async fetch(rawUrl: string, options: OutboundFetchOptions = {}): Promise<OutboundResponse> {
    const reply = await this.request(rawUrl, { timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, headers: { accept: options.accept ?? '*/*' } });
    if (reply.status < 200 || reply.status >= 300) throw new OutboundError('http', `${new URL(reply.url).origin} answered ${reply.status}`, reply.status);
    return { url: reply.url, status: reply.status, contentType: reply.headers['content-type'] ?? null, body: reply.body };
  }

  /**
   * Any method, any answer. Credentials in the URL (`https://user:token@host/…`) are sent as Basic
   * authorization (undici refuses userinfo in URLs), only to that origin, and never appear in an error.
   */
  async request(rawUrl: string, options: OutboundRequestOptions = {}): Promise<OutboundReply> {
    const timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
    const maxBytes = options.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
    let method = (options.method ?? 'GET').toUpperCase();
    let body = options.body;
    const followRedirects = options.followRedirects ?? (method === 'GET' || method === 'HEAD');
    const idle = options.idleTimeoutMs ? new IdleTimer(options.idleTimeoutMs) : null;
    const signal = idle ? AbortSignal.any([AbortSignal.timeout(timeoutMs), idle.signal]) : AbortSignal.timeout(timeoutMs);
    try {
      const first = withoutCredentials(rawUrl);
      let url = first.url;
      let headers = { ...(first.authorization ? { authorization: first.authorization } : {}), ...options.headers };
      // Redirects are followed by hand so that their number is bounded and each target is an http(s) URL.
      for (let redirects = 0; ; redirects++) {
        idle?.touch();
        const res = await loadUndici().fetch(url, {
          dispatcher: this.dispatcher(),
          redirect: 'manual',
          signal,
          method,
          headers,
          body,
          ...(body && !Buffer.isBuffer(body) ? { duplex: 'half' as const } : {}),
        });
        idle?.touch();
        const location = res.headers.get('location');
        if (followRedirects && res.status >= 300 && res.status < 400 && location) {
          await res.body?.cancel();
          if (redirects >= OUTBOUND_DEFAULTS.maxRedirects) throw new OutboundError('http', `more than ${OUTBOUND_DEFAULTS.maxRedirects} redirects`, res.status);
          const next = withoutCredentials(new URL(location, url).toString()).url;
          // Credentials are for the origin they were given for, not for wherever it redirects.
          if (next.origin !== url.origin) headers = withoutAuthorization(headers);
          url = next;
          // 303, and 301/302 after anything but GET/HEAD, turn into a GET (fetch standard §4.4).
          if (res.status === 303 || ((res.status === 301 || res.status === 302) && method !== 'GET' && method !== 'HEAD')) {
            method = 'GET';
            body = undefined;
          } else if (body && !Buffer.isBuffer(body)) {
            throw new OutboundError('http', `${url.origin} redirected a streamed ${method} body that cannot be sent again`, res.status);
          }
          continue;
        }
        const isOk = res.status >= 200 && res.status < 300;
        const declared = Number(res.headers.get('content-length') ?? NaN);
        if (isOk && declared > maxBytes) {
          await res.body?.cancel();
          throw tooLarge(maxBytes, res.status);
        }
        return {
          url: url.toString(),
          status: res.status,
          statusText: res.statusText,
          headers: Object.fromEntries(res.headers),
          body: isOk ? await readCapped(res.body, maxBytes, res.status, idle) : await readTruncated(res.body, ERROR_BODY_BYTES, idle),
        };
      }
    } catch (err) {
      if (idle?.signal.aborted && !(err instanceof OutboundError)) throw new OutboundError('timeout', `nothing received for ${idle.ms} ms`);
      if (signal.aborted && !(err instanceof OutboundError)) throw new OutboundError('timeout', `no complete answer within ${timeoutMs} ms`);
      throw asOutboundError(err, timeoutMs);
    } finally {
      idle?.stop();
    }
  }

  async close(): Promise<void> {
    await this.agent?.close();
  }
}

/** Removes `user:token@` from URLs in a text (error messages, logs): `https://***@host/…`. */
export function redactCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/gi, '$1***@');
}

/** The URL to connect to, and the Basic authorization its userinfo stood for. */
function withoutCredentials(raw: string): { url: URL; authorization?: string } {
  const url = parseHttpUrl(raw);
  if (!url.username && !url.password) return { url };
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  url.username = '';
  url.password = '';
  return { url, authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` };
}

function withoutAuthorization(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
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

/** Aborts its signal once `ms` pass without a touch. */
class IdleTimer {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;

  constructor(readonly ms: number) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.controller.abort(), this.ms);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number, status: number, idle: IdleTimer | null): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    idle?.touch();
    size += chunk.byteLength;
    if (size > maxBytes) {
      await body.cancel().catch(() => undefined);
      throw tooLarge(maxBytes, status);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function readTruncated(body: ReadableStream<Uint8Array> | null, maxBytes: number, idle: IdleTimer | null): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    idle?.touch();
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

/** `status`: the answer's (a 2xx), so a caller for whom the status is the answer still has it. */
function tooLarge(maxBytes: number, status: number): OutboundError {
  return new OutboundError('too-large', `the response is larger than ${maxBytes} bytes`, status);
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
  return new OutboundError('network', redactCredentials(detail));
}
