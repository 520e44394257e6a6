import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Pool, type Dispatcher } from 'undici';
import { ApiError } from '@quire/errors';
import type { Logger } from '@quire/platform/logger';
import { writeJsonError } from '@quire/platform/http';
import type { AttemptOutcome } from './attempt-outcome';
import { forwardedHeaders, responseHeaders } from './hop-headers';
import { dispatchInProcess } from './in-process-dispatch';
import type { Upstream, UpstreamPool } from './upstream-pool';

export interface ForwardOptions {
  timeoutMs: number;
}

/** Methods a copy may be sent again after another copy may have received them. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** One request on its way to a service: what every attempt at a copy sends and answers on. */
interface Delivery {
  req: IncomingMessage;
  res: ServerResponse;
  /** The request's headers as forwarded (hop-headers.ts). */
  headers: IncomingHttpHeaders;
  /** The body, read whole before the first attempt; null for none. */
  body: Buffer | null;
  /** Request headers added to the answer's `Vary`. */
  vary: readonly string[];
}

/** Connection errors that mean the request never reached the copy: it may go to another one whatever its method. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Sends a request to one copy of a service and streams its answer back. When the first copy
 * fails before answering, the request goes once to another copy if that cannot apply it twice:
 * the connection was refused (nothing was sent), or the method is idempotent. Otherwise, as when
 * no copy answers, the client gets a 503 JSON error naming the service; a copy that is too slow
 * is a 503 too, never retried (it may still be working on the request). A copy in this process
 * (embedded mode) gets a request without a body from the gateway's hand, not over loopback HTTP
 * (in-process-dispatch.ts); one with a body, read here already, still goes over HTTP.
 *
 * Requests go out through undici's connection pools, one per copy, not `http.request`: Node's HTTP
 * client (its agent, request object and response stream) led the gateway's profile. Behind a bare
 * server undici costs half as much CPU a request; in the whole gateway about 20 µs less
 * (docs/benchmarks.md, Gateway).
 */
export class Forwarder {
  private readonly pools = new Map<string, Pool>();

  constructor(
    private readonly logger: Logger,
    private readonly options: ForwardOptions,
  ) {}

  /** `vary`: request headers the answer depends on beyond what the service says (added to its `Vary`). */
  async forward(pool: UpstreamPool, req: IncomingMessage, res: ServerResponse, body: Buffer | null, vary: readonly string[] = []): Promise<void> {
    const delivery: Delivery = { req, res, headers: forwardedHeaders(req, body), body, vary };
    let upstream = pool.pick();
    for (let attempt = 1; upstream; attempt++) {
      const outcome = await this.attempt(upstream, pool, delivery);
      if (outcome.kind === 'answered') return;
      if (outcome.kind === 'late') return unavailable(res, pool.service, `The ${pool.service} service did not answer in time`);
      // Node's parser let it in but it is no valid HTTP request to send on (no copy is at fault).
      if (outcome.kind === 'unsendable') throw new ApiError(400, `This request cannot be forwarded: ${outcome.reason}`);
      const log = { service: pool.service, upstream: upstream.key, reason: outcome.reason, method: req.method };
      const next = attempt === 1 && (outcome.kind === 'unsent' || IDEMPOTENT.has(req.method ?? '')) ? pool.pick(upstream) : undefined;
      if (next) this.logger.warn({ ...log, retriedOn: next.key }, 'request sent to another copy');
      else this.logger.warn(log, 'upstream error');
      upstream = next;
    }
    unavailable(res, pool.service);
  }

  /**
   * The copy's connection pool. Idle connections are closed here (60 s) before a service closes
   * them (its keep-alive timeout is 65 s, packages/platform runtime.ts), so a request is never sent
   * on a connection being closed.
   */
  private poolOf(upstream: Upstream): Pool {
    let pool = this.pools.get(upstream.key);
    if (!pool) {
      pool = new Pool(`http://${upstream.key}`, {
        connections: 512,
        keepAliveTimeout: 60_000,
        keepAliveMaxTimeout: 60_000,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
      });
      this.pools.set(upstream.key, pool);
    }
    return pool;
  }

  private async attempt(upstream: Upstream, pool: UpstreamPool, delivery: Delivery): Promise<AttemptOutcome> {
    const { req, res, headers, body, vary } = delivery;
    upstream.pending++;
    try {
      return upstream.listener && body === null
        ? await dispatchInProcess(upstream.listener, req, res, headers, vary, this.options.timeoutMs)
        : await this.sendOverHttp(upstream, pool, delivery);
    } finally {
      upstream.pending--;
    }
  }

  private sendOverHttp(upstream: Upstream, pool: UpstreamPool, { req, res, headers, body, vary }: Delivery): Promise<AttemptOutcome> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: AttemptOutcome) => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      };
      let controller: Dispatcher.DispatchController | undefined;
      // The client went away: stop the work upstream too.
      const onClose = () => {
        if (!res.writableFinished) controller?.abort(new Error('the client closed the connection'));
      };
      res.once('close', onClose);
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart: (c) => {
          controller = c;
          if (res.destroyed) c.abort(new Error('the client closed the connection'));
        },
        onResponseStart: (c, statusCode, answerHeaders, statusMessage) => {
          settle({ kind: 'answered' });
          res.writeHead(statusCode, statusMessage, responseHeaders(answerHeaders, vary));
          res.on('drain', () => c.resume());
        },
        onResponseData: (c, chunk) => {
          if (!res.write(chunk)) c.pause();
        },
        onResponseEnd: () => {
          res.off('close', onClose);
          res.end();
        },
        onResponseError: (_c, err: Error & { code?: string }) => {
          res.off('close', onClose);
          if (settled) {
            res.destroy();
            return;
          }
          const reason = err.code ?? err.message;
          if (err.code === 'UND_ERR_HEADERS_TIMEOUT') settle({ kind: 'late' });
          else if (err.code === 'UND_ERR_INVALID_ARG') settle({ kind: 'unsendable', reason: err.message });
          else if (controller === undefined || NOT_CONNECTED.has(err.code ?? '')) {
            pool.markDown(upstream, reason);
            settle({ kind: 'unsent', reason });
          } else settle({ kind: 'lost', reason });
        },
      };
      this.poolOf(upstream).dispatch(
        { origin: `http://${upstream.key}`, method: req.method as Dispatcher.HttpMethod, path: req.url ?? '/', headers, body },
        handler,
      );
    });
  }
}

function unavailable(res: ServerResponse, service: string, message = `The ${service} service is unavailable; try again shortly`): void {
  writeJsonError(res, 503, message, { 'retry-after': '1' });
}
