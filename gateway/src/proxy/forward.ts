import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@quire/platform/logger';
import { writeJsonError } from '../http/json-error';
import type { AttemptOutcome } from './attempt-outcome';
import { forwardedHeaders, responseHeaders } from './hop-headers';
import { dispatchInProcess } from './in-process-dispatch';
import type { Upstream, UpstreamPool } from './upstream-pool';

export interface ForwardOptions {
  timeoutMs: number;
}

/** Methods a copy may be sent again after another copy may have received them. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * Sends a request to one copy of a service and streams its answer back. When the first copy
 * fails before answering, the request goes once to another copy if that cannot apply it twice:
 * the connection was refused (nothing was sent), or the method is idempotent. Otherwise, as when
 * no copy answers, the client gets a 503 JSON error naming the service; a copy that is too slow
 * is a 503 too, never retried (it may still be working on the request). A copy in this process
 * (embedded mode) gets a request without a body from the gateway's hand, not over loopback HTTP
 * (in-process-dispatch.ts); one with a body, read here already, still goes over HTTP.
 */
export class Forwarder {
  // Idle sockets are closed here (60 s) before a service closes them (its keep-alive timeout is
  // 65 s, packages/platform runtime.ts), so a request is never sent on a socket being closed.
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64, keepAliveMsecs: 10000, timeout: 60_000 });

  constructor(
    private readonly logger: Logger,
    private readonly options: ForwardOptions,
  ) {}

  /** `vary`: request headers the answer depends on beyond what the service says (added to its `Vary`). */
  async forward(pool: UpstreamPool, req: IncomingMessage, res: ServerResponse, body: Buffer | null, vary: readonly string[] = []): Promise<void> {
    const headers = forwardedHeaders(req, body);
    let upstream = pool.pick();
    for (let attempt = 1; upstream; attempt++) {
      const outcome = await this.attempt(upstream, pool, req, res, headers, body, vary);
      if (outcome.kind === 'answered') return;
      if (outcome.kind === 'late') return unavailable(res, pool.service, `The ${pool.service} service did not answer in time`);
      const log = { service: pool.service, upstream: upstream.key, reason: outcome.reason, method: req.method };
      const next = attempt === 1 && (outcome.kind === 'unsent' || IDEMPOTENT.has(req.method ?? '')) ? pool.pick(upstream) : undefined;
      if (next) this.logger.warn({ ...log, retriedOn: next.key }, 'request sent to another copy');
      else this.logger.warn(log, 'upstream error');
      upstream = next;
    }
    unavailable(res, pool.service);
  }

  private async attempt(
    upstream: Upstream,
    pool: UpstreamPool,
    req: IncomingMessage,
    res: ServerResponse,
    headers: http.OutgoingHttpHeaders,
    body: Buffer | null,
    vary: readonly string[],
  ): Promise<AttemptOutcome> {
    upstream.pending++;
    try {
      return upstream.listener && body === null
        ? await dispatchInProcess(upstream.listener, req, res, headers, vary, this.options.timeoutMs)
        : await this.sendOverHttp(upstream, pool, req, res, headers, body, vary);
    } finally {
      upstream.pending--;
    }
  }

  private sendOverHttp(
    upstream: Upstream,
    pool: UpstreamPool,
    req: IncomingMessage,
    res: ServerResponse,
    headers: http.OutgoingHttpHeaders,
    body: Buffer | null,
    vary: readonly string[],
  ): Promise<AttemptOutcome> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: AttemptOutcome) => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      };
      let connected = false;
      const upstreamReq = http.request({
        host: upstream.host,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers,
        agent: this.agent,
      });
      upstreamReq.on('socket', (socket) => {
        if (!socket.connecting) connected = true;
        else socket.once('connect', () => (connected = true));
      });
      upstreamReq.setTimeout(this.options.timeoutMs, () => {
        upstreamReq.destroy();
        settle({ kind: 'late' });
      });
      upstreamReq.on('error', (err: NodeJS.ErrnoException) => {
        if (settled) {
          res.destroy();
          return;
        }
        if (!connected) {
          pool.markDown(upstream, err.code ?? err.message);
          settle({ kind: 'unsent', reason: err.code ?? err.message });
        } else settle({ kind: 'lost', reason: err.code ?? err.message });
      });
      upstreamReq.on('response', (upstreamRes) => {
        settle({ kind: 'answered' });
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, responseHeaders(upstreamRes.headers, vary));
        upstreamRes.pipe(res);
        upstreamRes.on('aborted', () => res.destroy());
        upstreamRes.on('error', () => res.destroy());
      });
      // The client went away: stop the work upstream too.
      res.once('close', () => {
        if (!res.writableFinished) upstreamReq.destroy();
      });
      upstreamReq.end(body ?? undefined);
    });
  }
}

function unavailable(res: ServerResponse, service: string, message = `The ${service} service is unavailable; try again shortly`): void {
  writeJsonError(res, 503, message, { 'retry-after': '1' });
}
