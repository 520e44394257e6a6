import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { errorBody, type Logger, type ServiceName } from '@quire/common';

export interface UpstreamOptions {
  timeoutMs: number;
}

/**
 * One proxy per service over a shared keep-alive agent: connections to services are reused,
 * which is most of the gateway's throughput. A refused connection or a late answer is a fast 503.
 */
export function createUpstreams(targets: Record<ServiceName, string>, logger: Logger, options: UpstreamOptions): Record<ServiceName, RequestHandler> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64, keepAliveMsecs: 10000 });
  const entries = Object.entries(targets).map(([service, target]) => [
    service,
    createProxyMiddleware<IncomingMessage, ServerResponse>({
      target,
      agent,
      xfwd: true,
      proxyTimeout: options.timeoutMs,
      logger: undefined,
      on: {
        error: (err, _req, res) => {
          const late = (err as NodeJS.ErrnoException).code === 'ECONNRESET' && /hang up/.test(err.message);
          const message = late ? `The ${service} service did not answer in time` : `The ${service} service is unavailable; try again shortly`;
          logger.warn({ service, err: err.message }, 'upstream error');
          if (res instanceof http.ServerResponse) {
            if (!res.headersSent) {
              res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
              res.end(JSON.stringify(errorBody(503, message)));
            } else res.destroy();
          } else (res as Socket).destroy();
        },
      },
    }),
  ]);
  return Object.fromEntries(entries) as Record<ServiceName, RequestHandler>;
}
