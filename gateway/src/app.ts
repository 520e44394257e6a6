import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import {
  ApiError,
  errorBody,
  INTERNAL_HEADERS,
  type Metrics,
  mountHealthRoutes,
  newId,
  notFound,
  payloadTooLarge,
  PRINCIPAL_HEADER,
  RouteMatcher,
  routeFamily,
  SIGNATURE_HEADER,
  toApiError,
  type Cache,
  type IdentityClient,
  type Logger,
  type ReadinessCheck,
  type ServiceName,
  type Principal,
  verifySignedUrl,
} from '@quire/common';
import { Authenticator } from './auth/authenticator';
import { RateLimiter } from './limits/rate-limiter';
import { PrincipalSigner } from './proxy/principal-signer';
import { createUpstreams } from './proxy/upstreams';

export interface GatewaySettings {
  internalSecret: string;
  upstreams: Record<ServiceName, string>;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  upstreamTimeoutMs: number;
  authCacheTtlSeconds: number;
  authLocalTtlMs: number;
  /** A request body that has not fully arrived this long after the request began is a 408. */
  bodyTimeoutMs: number;
}

export interface GatewayDeps {
  cache: Cache;
  identity: () => IdentityClient;
  logger: Logger;
  metrics: Metrics;
  readiness: Record<string, ReadinessCheck>;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The gateway's request path: route table → bearer auth → rate limit → body limit → signed
 * principal → proxy. Proxied requests go through this one handler and nothing else, since every
 * middleware on the hot path costs throughput (see the gateway benchmark in the README).
 */
export function createGatewayApp(settings: GatewaySettings, deps: GatewayDeps): Express {
  const { logger, metrics } = deps;
  const routes = new RouteMatcher();
  const authenticator = new Authenticator(deps.identity, deps.cache, logger, {
    cacheTtlSeconds: settings.authCacheTtlSeconds,
    localTtlMs: settings.authLocalTtlMs,
  });
  const limiter = new RateLimiter(deps.cache, logger, settings.rateLimitPerMinute);
  const signer = new PrincipalSigner(settings.internalSecret);
  const upstreams = createUpstreams(settings.upstreams, logger, { timeoutMs: settings.upstreamTimeoutMs });

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  mountHealthRoutes(app, metrics, deps.readiness);

  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const incomingId = req.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : newId();
    res.setHeader('x-request-id', requestId);
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observe(req.method, routeFamily(req.path), res.statusCode, seconds);
      if (res.statusCode >= 500 || logger.isLevelEnabled('debug')) {
        logger[res.statusCode >= 500 ? 'warn' : 'debug'](
          { requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(seconds * 1000) },
          'request',
        );
      }
    });
    handle(req, res, requestId).catch((err: unknown) => sendError(res, err, logger, requestId));
    void next;
  });

  async function handle(req: Request, res: Response, requestId: string): Promise<void> {
    const path = req.path;
    // HEAD is served by the GET route (the service answers it without a body).
    const { route, allowed } = routes.match(req.method === 'HEAD' ? 'GET' : req.method, path);
    if (!route) {
      if (allowed.length) throw new ApiError(405, `Method ${req.method} is not allowed on ${path}; use ${allowed.join(', ')}`, { Allow: allowed.join(', ') });
      throw notFound(`No route for ${req.method} ${path}`);
    }
    const { principal, tokenHash } =
      route.entry.access === 'signed-url'
        ? signedUrlCaller(req, settings.internalSecret)
        : await authenticator.authenticate(req.headers.authorization, countHeaders(req.rawHeaders, 'authorization'));
    await limiter.take(tokenHash);
    guardBodySize(req, res, settings.bodyLimitBytes);
    guardBodyTime(req, res, settings.bodyTimeoutMs);

    for (const h of INTERNAL_HEADERS) delete req.headers[h];
    const signed = signer.sign(principal);
    req.headers[PRINCIPAL_HEADER] = signed.principal;
    req.headers[SIGNATURE_HEADER] = signed.signature;
    req.headers['x-request-id'] = requestId;
    await upstreams[route.entry.service](req, res);
  }

  return app;
}

/**
 * A signed download link is its own credential: checked here so a forged or expired one costs
 * nothing upstream (the service checks it again before reading). The caller is nobody.
 */
function signedUrlCaller(req: Request, secret: string): { principal: Principal; tokenHash: string } {
  const query = req.query as Record<string, unknown>;
  const signed = {
    expires: typeof query.expires === 'string' ? query.expires : undefined,
    signature: typeof query.signature === 'string' ? query.signature : undefined,
  };
  if (!verifySignedUrl(req.path, signed, secret)) throw new ApiError(403, 'This download link is invalid or has expired');
  return { principal: { userId: '', tokenId: '' }, tokenHash: `signed-url:${signed.signature}` };
}

/** 413 from Content-Length at once; chunked bodies are counted as they stream. */
function guardBodySize(req: Request, res: Response, limit: number): void {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) throw payloadTooLarge(`Request body is larger than the limit of ${limit} bytes`);
  if (declared === undefined && req.headers['transfer-encoding']) {
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit && !res.headersSent) {
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify(errorBody(413, `Request body is larger than the limit of ${limit} bytes`)));
        req.destroy();
      }
    });
  }
}

/** Node keeps only the first of several Authorization headers; the raw list shows them all. */
function countHeaders(rawHeaders: string[], name: string): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === name) count++;
  return count;
}

/**
 * A body that is shorter than its Content-Length, or trickles in, would hold the request (and a
 * connection to the service) until the upstream timeout: answer 408 once `timeoutMs` has passed
 * without the whole body, and close the connection.
 */
function guardBodyTime(req: Request, res: Response, timeoutMs: number): void {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody || req.complete) return;
  const timer = setTimeout(() => {
    if (req.complete) return;
    if (!res.headersSent) {
      const body = JSON.stringify(errorBody(408, `The request body did not arrive within ${timeoutMs} ms`));
      res.writeHead(408, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' });
      res.end(body);
    }
    req.destroy();
  }, timeoutMs);
  timer.unref();
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
}

function sendError(res: Response, err: unknown, logger: Logger, requestId: string): void {
  const apiError = toApiError(err);
  if (apiError.code >= 500 && !(err instanceof ApiError)) logger.error({ err, requestId }, 'gateway failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const [k, v] of Object.entries(apiError.headers)) res.setHeader(k, v);
  res.status(apiError.code).json(errorBody(apiError.code, apiError.message));
}
