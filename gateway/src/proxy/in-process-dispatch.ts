import { EventEmitter } from 'node:events';
import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders, type RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import type { AttemptOutcome } from './attempt-outcome';
import { responseHeaders } from './hop-headers';

/**
 * The peer a request handed over in process comes from: the loopback address the service sees over
 * HTTP, and no bytes either way (the request has no body; the answer is relayed, not written here).
 * `destroyed`, so that closing the request never tries to close it.
 */
class LoopbackPeer extends EventEmitter {
  readonly remoteAddress = '127.0.0.1';
  readonly remoteFamily = 'IPv4';
  readonly localAddress = '127.0.0.1';
  readonly encrypted = false;
  readonly readable = false;
  readonly writable = false;
  readonly destroyed = true;
  setTimeout(): this {
    return this;
  }
  destroy(): this {
    return this;
  }
}

/**
 * Node's one exit of an answer's bytes (`OutgoingMessage#_send`: every `write` and `end`, after
 * `writeHead`): replaced on the service's response to relay what it writes. Not in Node's types.
 */
interface OutgoingBytes {
  _send(data: string | Uint8Array, encoding: BufferEncoding | null, callback?: () => void): boolean;
  _headerSent: boolean;
}

/**
 * Embedded mode's hop to a service in the same process, for a request without a body: the service's
 * listener gets a request and a response of its own, as if they came over HTTP from the gateway, and
 * what it answers goes to the client's response under the HTTP hop's rules (hop-by-hop headers
 * dropped, `vary` added). Also as over the hop: a service silent for `timeoutMs` is late — before it
 * began its answer the outcome is `late` (the forwarder answers 503), after, the client's answer is
 * cut — and a client that goes away closes the service's request and response, as a closed connection
 * would; the service's writes after that go nowhere.
 */
export function dispatchInProcess(
  listener: RequestListener,
  req: IncomingMessage,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
  vary: readonly string[],
  timeoutMs: number,
): Promise<AttemptOutcome> {
  return new Promise((resolve) => {
    const exchange = new InProcessExchange(serviceRequest(req, headers), res, vary, timeoutMs, resolve);
    listener(exchange.serviceReq, exchange.serviceRes);
  });
}

/** One request handed over: the service's side, the client's response, and what ties them. */
class InProcessExchange {
  readonly serviceRes: ServerResponse;
  private settled = false;
  /** The service is gone from the client's view: it saw its connection closed. */
  private detached = false;
  // The last time the service wrote: the timer is re-armed for what is left rather than refreshed on
  // every write (a refresh re-inserts the timer: 1.5% of a cached page's CPU in the profile).
  private lastActive = Date.now();
  private idle: NodeJS.Timeout;
  private readonly relayDrain = () => this.serviceRes.emit('drain');

  constructor(
    readonly serviceReq: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly vary: readonly string[],
    private readonly timeoutMs: number,
    private readonly resolve: (outcome: AttemptOutcome) => void,
  ) {
    this.serviceRes = new ServerResponse(serviceReq);
    // The service's bytes go to the client's response as written; framing is that response's to choose.
    this.serviceRes.useChunkedEncodingByDefault = false;
    this.relayHead();
    this.relayBytes();
    this.idle = setTimeout(() => this.checkIdle(), timeoutMs);
    res.on('drain', this.relayDrain);
    this.serviceRes.once('finish', () => this.finish());
    res.once('close', () => {
      if (res.writableFinished) return;
      this.detach();
      this.settle({ kind: 'lost', reason: 'the client closed the connection' });
    });
  }

  /** The service's status and headers, once complete, become the client's. */
  private relayHead(): void {
    const serviceRes = this.serviceRes;
    const writeHead = serviceRes.writeHead as (statusCode: number, reason?: string) => ServerResponse;
    serviceRes.writeHead = ((statusCode: number, ...rest: unknown[]) => {
      const reason = typeof rest[0] === 'string' ? rest[0] : undefined;
      const given = (reason === undefined ? rest[0] : rest[1]) as OutgoingHttpHeaders | readonly string[] | undefined;
      // Into the response's own headers first, so the relay reads one complete set.
      if (given) setEach(serviceRes, given);
      writeHead.call(serviceRes, statusCode, reason);
      if (!this.detached) {
        this.lastActive = Date.now();
        this.res.writeHead(serviceRes.statusCode, serviceRes.statusMessage, responseHeaders(serviceRes.getHeaders(), this.vary));
        this.settle({ kind: 'answered' });
      }
      return serviceRes;
    }) as ServerResponse['writeHead'];
  }

  /** Every body chunk the service writes goes to the client's response, with its back-pressure. */
  private relayBytes(): void {
    const bytes = this.serviceRes as unknown as OutgoingBytes;
    bytes._send = (data, encoding, callback) => {
      bytes._headerSent = true;
      // Over a closed connection Node never calls back either: no 'finish' for an answer nobody got.
      if (this.detached) return false;
      this.lastActive = Date.now();
      if (data.length > 0) return this.res.write(data, encoding ?? 'utf8', callback);
      if (callback) process.nextTick(callback);
      return true;
    };
  }

  private finish(): void {
    clearTimeout(this.idle);
    this.res.off('drain', this.relayDrain);
    this.res.end();
    // As Node's server does once an answer is written (content's foreground gate waits for it).
    process.nextTick(() => this.serviceRes.emit('close'));
  }

  private checkIdle(): void {
    const quiet = Date.now() - this.lastActive;
    if (quiet < this.timeoutMs) {
      this.idle = setTimeout(() => this.checkIdle(), this.timeoutMs - quiet);
      return;
    }
    this.detach();
    if (this.settled) this.res.destroy();
    else this.settle({ kind: 'late' });
  }

  private detach(): void {
    if (this.detached) return;
    this.detached = true;
    clearTimeout(this.idle);
    this.res.off('drain', this.relayDrain);
    this.serviceReq.destroy();
    this.serviceRes.destroy();
    this.serviceRes.emit('close');
  }

  private settle(outcome: AttemptOutcome): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve(outcome);
  }
}

/** The request as the service would read it off the hop: the forwarded headers, no body. */
function serviceRequest(req: IncomingMessage, headers: OutgoingHttpHeaders): IncomingMessage {
  const serviceReq = new IncomingMessage(new LoopbackPeer() as unknown as Socket);
  serviceReq.method = req.method;
  serviceReq.url = req.url;
  serviceReq.httpVersionMajor = 1;
  serviceReq.httpVersionMinor = 1;
  serviceReq.httpVersion = '1.1';
  const rawHeaders: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const v of value) rawHeaders.push(name, v);
    else if (value !== undefined) rawHeaders.push(name, String(value));
  }
  serviceReq.rawHeaders = rawHeaders;
  serviceReq.headers = headers as IncomingMessage['headers'];
  serviceReq.complete = true;
  serviceReq.push(null);
  return serviceReq;
}

/** `writeHead`'s headers argument, an object or a flat list of names and values, set one by one. */
function setEach(res: ServerResponse, headers: OutgoingHttpHeaders | readonly string[]): void {
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(headers[i] as string, headers[i + 1] as string);
    return;
  }
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
}
