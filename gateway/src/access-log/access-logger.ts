import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@quire/platform/logger';
import { accessLine } from './access-line';

/** What the gateway learns about one request while answering it. */
export interface Exchange {
  requestId: string;
  started: bigint;
  /** The caller's user id, set once authenticated. */
  principal?: string;
  /** The client's address (the last hop that is not a trusted proxy): an anonymous caller's rate-limit key. */
  client?: string;
}

/**
 * Writes each request's access line (`"msg":"access"`) once its answer is sent or the client has
 * gone: at `info` while ACCESS_LOG is on, and an answer of 500 or more at `warn` in any case (a
 * failing service is worth a line even with the access log off).
 */
export class AccessLogger {
  constructor(
    private readonly logger: Logger,
    private readonly isEnabled: boolean,
  ) {}

  watch(req: IncomingMessage, res: ServerResponse, exchange: Exchange): void {
    res.once('close', () => {
      const isFailure = res.statusCode >= 500;
      if (!isFailure && !(this.isEnabled && this.logger.isLevelEnabled('info'))) return;
      const { path, query } = splitUrl(req.url ?? '/');
      const aborted = !res.writableFinished;
      const line = accessLine({
        requestId: exchange.requestId,
        method: req.method ?? '',
        path,
        query,
        // 499 (nginx's convention): the client closed the connection before any answer began.
        status: res.headersSent ? res.statusCode : 499,
        durationMs: Number(process.hrtime.bigint() - exchange.started) / 1e6,
        principal: exchange.principal,
        aborted,
      });
      if (isFailure) this.logger.warn(line, 'access');
      else this.logger.info(line, 'access');
    });
  }
}

/** The path (as sent, not decoded, like express's `req.path`) and the query string of a request URL. */
export function splitUrl(url: string): { path: string; query: string } {
  // The absolute form (`GET http://host/v1/user`), which clients may send to a proxy.
  if (!url.startsWith('/') && URL.canParse(url)) {
    const absolute = new URL(url);
    return { path: absolute.pathname, query: absolute.search.slice(1) };
  }
  const q = url.indexOf('?');
  return q === -1 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q + 1) };
}
