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
    const serviceReq = serviceRequest(req, headers);
    const serviceRes = new ServerResponse(serviceReq);
    const bytes = serviceRes as unknown as OutgoingBytes;
    // The service's bytes go to the client's response as written; framing is that response's to choose.
    serviceRes.useChunkedEncodingByDefault = false;
    let settled = false;
    let detached = false;
    const settle = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const relayDrain = () => serviceRes.emit('drain');
    // The service is gone from the client's view: it sees its connection closed.
    const detach = () => {
      if (detached) return;
      detached = true;
      clearTimeout(idle);
      res.off('drain', relayDrain);
      serviceReq.destroy();
      serviceRes.destroy();
      serviceRes.emit('close');
    };
    const idle = setTimeout(() => {
      detach();
      if (settled) res.destroy();
      else settle({ kind: 'late' });
    }, timeoutMs);

    const writeHead = serviceRes.writeHead as (statusCode: number, reason?: string) => ServerResponse;
    serviceRes.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
      const reason = typeof rest[0] === 'string' ? rest[0] : undefined;
      const given = (reason === undefined ? rest[0] : rest[1]) as OutgoingHttpHeaders | readonly string[] | undefined;
      // Into the response's own headers first, so the relay reads one complete set.
      if (given) setEach(this, given);
      writeHead.call(this, statusCode, reason);
      if (!detached) {
        idle.refresh();
        res.writeHead(this.statusCode, this.statusMessage, responseHeaders(this.getHeaders(), vary));
        settle({ kind: 'answered' });
      }
      return this;
    } as ServerResponse['writeHead'];
    bytes._send = (data, encoding, callback) => {
      bytes._headerSent = true;
      // Over a closed connection Node never calls back either: no 'finish' for an answer nobody got.
      if (detached) return false;
      idle.refresh();
      if (data.length > 0) return res.write(data, encoding ?? 'utf8', callback);
      if (callback) process.nextTick(callback);
      return true;
    };
    res.on('drain', relayDrain);
    serviceRes.once('finish', () => {
      clearTimeout(idle);
      res.off('drain', relayDrain);
      res.end();
      // As Node's server does once an answer is written (content's foreground gate waits for it).
      process.nextTick(() => serviceRes.emit('close'));
    });
    res.once('close', () => {
      if (res.writableFinished) return;
      detach();
      settle({ kind: 'lost', reason: 'the client closed the connection' });
    });
    listener(serviceReq, serviceRes);
  });
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
