import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express from 'express';
import { isPublishedRequest, PUBLISHED_ROUTE, RouteMatcher, SCIM_ROUTE, scimConnectionOf, type RouteEntry } from './route-table';
import { INTERNAL_HEADERS, PRINCIPAL_HEADER, SIGNATURE_HEADER, type Principal } from '@quire/access';
import { ApiError, notFound, toApiError } from '@quire/errors';
import { newId } from '@quire/ids';
import { RateLimiter, type Cache } from '@quire/platform/cache';
import type { IdentityClient, SitesClient } from '@quire/platform/grpc';
import { type Metrics, mountHealthRoutes, routeFamily, type ReadinessCheck, verifySignedUrl, writeJsonError } from '@quire/platform/http';
import type { Logger } from '@quire/platform/logger';
import { AddressRanges } from '@quire/platform/outbound';
import type { ServiceName } from '@quire/platform/topology';
import { AccessLogger, splitUrl, type Exchange } from './access-log/access-logger';
import { mountAppLinkPages } from './app-links/app-link-page';
import { Authenticator } from './auth/authenticator';
import { SiteAccessCheck } from './auth/site-access';
import { SiteTokenVerifier } from './auth/site-token';
import { authorizeSiteReader } from './auth/site-token-routes';

import { PrincipalSigner } from './proxy/principal-signer';
import { readRequestBody } from './limits/request-body';
import { integrationsNotHosted, isIntegrationPath } from './http/integrations-not-hosted';
import { mountReferencePage } from './openapi/reference-page';
import { mountOpenApiDocument } from './openapi/serve';
import { Forwarder } from './proxy/forward';
import { applyForwarding, forwardingOf, type Forwarding } from './proxy/forwarding';
import { UpstreamPool } from './proxy/upstream-pool';

export interface GatewaySettings {
  internalSecret: string;
  /** Each service's base URL, or a comma-separated list of them (one per copy). */
  upstreams: Record<ServiceName, string>;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  /** SCIM_RATE_LIMIT_PER_MINUTE: requests per minute to one SCIM connection's service (default 3000). */
  scimRateLimitPerMinute?: number;
  upstreamTimeoutMs: number;
  authCacheTtlSeconds: number;
  authLocalTtlMs: number;
  /** A request body that has not fully arrived this long after the request began is a 408. */
  bodyTimeoutMs: number;
  /** ACCESS_LOG: one `"msg":"access"` line per request at info (answers of 500 or more are logged at warn either way). */
  accessLog: boolean;
  /** PUBLIC_URL: its host is Quire's own; requests to any other host are for published sites. */
  publicUrl: string;
  /**
   * TRUSTED_PROXIES: addresses and CIDR ranges of the proxies in front of the gateway, whose
   * `X-Forwarded-*` headers are believed; from any other peer they are replaced (forwarding.ts).
   */
  trustedProxies?: readonly string[];
}

export interface GatewayDeps {
  cache: Cache;
  identity: () => IdentityClient;
  /** For the access check of site API tokens (auth/site-access.ts). */
  sites: () => SitesClient;
  logger: Logger;
  metrics: Metrics;
  readiness: Record<string, ReadinessCheck>;
  /**
   * Embedded mode: each service's request listener in this process. A request without a body is
   * handed to it rather than sent over loopback HTTP (proxy/in-process-dispatch.ts); one with a body
   * still goes to the service's port in `upstreams`.
   */
  inProcess?: Partial<Record<ServiceName, RequestListener>>;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
/** A published site's visitor: nobody (the reader checks the site's audience itself). */
const VISITOR: Principal = { userId: '', tokenId: 'visitor' };
/** An identity provider calling a SCIM service: nobody to the gateway (identity checks the connection's token). */
const SCIM_CLIENT: Principal = { userId: '', tokenId: 'scim' };
const DEFAULT_SCIM_RATE_LIMIT_PER_MINUTE = 3000;
/** How often each copy of a service with several copies is asked whether it is ready. */
const UPSTREAM_PROBE_MS = 1000;
/** How often service host names are resolved again, to find copies added or removed. */
const UPSTREAM_RESOLVE_MS = 5000;

/**
 * The gateway's request path: route table → bearer auth → rate limit → body limit → signed
 * principal → proxy. `/v1` requests are served on Node's own request and response by `serve`,
 * without express: express's dispatch was the largest single cost of a proxied request in the
 * gateway's profile (docs/benchmarks.md, gateway). Express serves the rest (health, readiness,
 * metrics, the OpenAPI document, the pages of `urls.app` links), and hands whatever it does not
 * know to `serve` too, so every unknown path gets the same JSON 404. Every request, on either path,
 * gets a request id and one access-log line.
 */
export function createGatewayApp(settings: GatewaySettings, deps: GatewayDeps): RequestListener {
  const pipeline = gatewayPipeline(settings, deps);
  const trustedProxies = new AddressRanges(settings.trustedProxies);
  const accessLogger = new AccessLogger(deps.logger, settings.accessLog);
  // What the gateway learns about a request while answering it, for its access line.
  const exchanges = new WeakMap<IncomingMessage, Exchange>();

  /** Gives the request its id and its access line. */
  const begin = (req: IncomingMessage, res: ServerResponse): Exchange => {
    const incomingId = req.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : newId();
    const exchange: Exchange = { requestId, started: process.hrtime.bigint() };
    exchanges.set(req, exchange);
    res.setHeader('x-request-id', requestId);
    accessLogger.watch(req, res, exchange);
    return exchange;
  };
  const serve = (req: IncomingMessage, res: ServerResponse, exchange: Exchange): void => {
    const { path, query } = splitUrl(req.url ?? '/');
    observeWhenFinished(deps.metrics, req, res, routeFamily(path), exchange);
    forwardApiRequest(pipeline, req, res, path, query, exchange).catch((err: unknown) => sendError(req, res, err, deps.logger, exchange.requestId));
  };
  // The request's exchange was begun when it arrived, before express had it.
  const app = expressApp(deps, (req, res) => serve(req, res, exchanges.get(req) ?? begin(req, res)));

  return (req, res) => {
    const exchange = begin(req, res);
    const forwarding = forwardingOf({ headers: req.headers, remoteAddress: req.socket.remoteAddress }, trustedProxies);
    applyForwarding(req.headers, forwarding);
    exchange.client = forwarding.client;
    if (isApiPath(req.url)) serve(req, res, exchange);
    else if (isPublishedRequest(req.url ?? '/', forwarding.host, settings.publicUrl))
      forwardVisit(pipeline, req, res, exchange, forwarding).catch((err: unknown) => sendError(req, res, err, deps.logger, exchange.requestId));
    // On Quire's own host only: a site's host keeps every path for the site.
    else if (scimConnectionOf(req.url) !== null)
      forwardScim(pipeline, req, res, exchange).catch((err: unknown) => sendError(req, res, err, deps.logger, exchange.requestId));
    else app(req, res);
  };
}

/** What answering a proxied request needs, made once per app. */
interface GatewayPipeline {
  settings: GatewaySettings;
  metrics: Metrics;
  routes: RouteMatcher;
  authenticator: Authenticator;
  limiter: RateLimiter;
  /** SCIM services' own budget, per connection. */
  scimLimiter: RateLimiter;
  signer: PrincipalSigner;
  pools: Record<ServiceName, UpstreamPool>;
  forwarder: Forwarder;
}

/** The pipeline's parts; each service's upstream pool starts probing its copies. */
function gatewayPipeline(settings: GatewaySettings, deps: GatewayDeps): GatewayPipeline {
  const { logger } = deps;
  const authenticator = new Authenticator(
    deps.identity,
    deps.cache,
    logger,
    {
      cacheTtlSeconds: settings.authCacheTtlSeconds,
      localTtlMs: settings.authLocalTtlMs,
    },
    new SiteTokenVerifier(settings.internalSecret, new SiteAccessCheck(deps.cache, deps.sites, logger)),
  );
  const limiter = new RateLimiter(deps.cache, logger, settings.rateLimitPerMinute);
  const signer = new PrincipalSigner(settings.internalSecret);
  const pools = Object.fromEntries(
    Object.entries(settings.upstreams).map(([service, setting]) => [
      service,
      UpstreamPool.fromSetting(
        service,
        setting,
        logger,
        { probeIntervalMs: UPSTREAM_PROBE_MS, resolveIntervalMs: UPSTREAM_RESOLVE_MS },
        deps.inProcess?.[service as ServiceName],
      ),
    ]),
  ) as Record<ServiceName, UpstreamPool>;
  for (const pool of Object.values(pools))
    void pool.start().catch((err: Error) => logger.warn({ service: pool.service, err: err.message }, 'upstream pool did not start'));
  const forwarder = new Forwarder(logger, { timeoutMs: settings.upstreamTimeoutMs });
  const scimLimiter = new RateLimiter(deps.cache, logger, settings.scimRateLimitPerMinute ?? DEFAULT_SCIM_RATE_LIMIT_PER_MINUTE);
  return { settings, metrics: deps.metrics, routes: new RouteMatcher(), authenticator, limiter, scimLimiter, signer, pools, forwarder };
}

/** Express for what is not proxied; whatever it does not know goes to `fallback`. */
function expressApp(deps: GatewayDeps, fallback: (req: IncomingMessage, res: ServerResponse) => void): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  // Every answer express gives (health, metrics, /openapi.json, /docs, the 404 of an unknown path)
  // is read as the type it declares, never sniffed (/openapi.json once went without the header).
  app.use((_req, res, next) => {
    res.setHeader('x-content-type-options', 'nosniff');
    next();
  });
  mountHealthRoutes(app, deps.metrics, deps.readiness);
  mountOpenApiDocument(app);
  mountReferencePage(app);
  mountAppLinkPages(app);
  app.use((req, res) => fallback(req, res));
  return app;
}

/** Every published address's route label: a site's paths are countless, so one label for them all. */
const PUBLISHED_METRICS_ROUTE = 'published';

/** The request's duration in the metrics, under its route label (a route family, or PUBLISHED_METRICS_ROUTE), once it is answered. */
function observeWhenFinished(metrics: Metrics, req: IncomingMessage, res: ServerResponse, route: string, exchange: Exchange): void {
  res.on('finish', () => {
    const seconds = Number(process.hrtime.bigint() - exchange.started) / 1e9;
    metrics.observe(req.method ?? '', route, res.statusCode, seconds);
  });
}

/** The headers the upstream trusts: no caller-sent internal header, the gateway's signed principal. */
function signForUpstream(p: GatewayPipeline, req: IncomingMessage, principal: Principal, exchange: Exchange): void {
  const signed = p.signer.sign(principal);
  req.headers[PRINCIPAL_HEADER] = signed.principal;
  req.headers[SIGNATURE_HEADER] = signed.signature;
  req.headers['x-request-id'] = exchange.requestId;
}

/** A `/v1` request: route, authenticate, rate-limit, read the body, sign, forward. */
async function forwardApiRequest(
  p: GatewayPipeline,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: string,
  exchange: Exchange,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (isIntegrationPath(path)) throw integrationsNotHosted();
  // HEAD is served by the GET route (the service answers it without a body).
  const { route, allowed } = p.routes.match(method === 'HEAD' ? 'GET' : method, path);
  if (!route) {
    if (allowed.length) throw new ApiError(405, `Method ${method} is not allowed on ${path}; use ${allowed.join(', ')}`, { Allow: allowed.join(', ') });
    throw notFound(`No route for ${method} ${path}`);
  }
  const { principal, tokenHash } = await callerOf(p, req, route.entry, { path, query }, exchange);
  if (principal.site) {
    exchange.principal = `site-token:${principal.site.siteId}`;
    authorizeSiteReader(principal.site, route);
  }
  if (principal.userId) exchange.principal = principal.userId;
  await p.limiter.take(tokenHash);
  const body = await readRequestBody(req, p.settings.bodyLimitBytes, p.settings.bodyTimeoutMs);

  for (const h of INTERNAL_HEADERS) delete req.headers[h];
  signForUpstream(p, req, principal, exchange);
  await p.forwarder.forward(p.pools[route.entry.service], req, res, body);
}

/** Who calls: a signed URL's nobody, an anonymous visitor where a token is optional and none came, else the bearer token's principal. */
async function callerOf(
  p: GatewayPipeline,
  req: IncomingMessage,
  entry: RouteEntry,
  url: { path: string; query: string },
  exchange: Exchange,
): Promise<{ principal: Principal; tokenHash: string }> {
  if (entry.access === 'signed-url') return signedUrlCaller(url.path, url.query, p.settings.internalSecret);
  if (entry.access === 'optional-token' && countHeaders(req.rawHeaders, 'authorization') === 0) {
    exchange.principal = 'visitor';
    return { principal: VISITOR, tokenHash: `visitor:${exchange.client ?? ''}` };
  }
  return p.authenticator.authenticate(req.headers.authorization, countHeaders(req.rawHeaders, 'authorization'));
}

/**
 * A visitor of a published site: forwarded to the reader with no API-token authentication. The
 * visitor's Authorization header and any internal header are dropped; the reader gets an
 * anonymous signed principal (it serves only gateway-forwarded requests). Rate-limited per
 * client address.
 */
async function forwardVisit(p: GatewayPipeline, req: IncomingMessage, res: ServerResponse, exchange: Exchange, forwarding: Forwarding): Promise<void> {
  observeWhenFinished(p.metrics, req, res, PUBLISHED_METRICS_ROUTE, exchange);
  exchange.principal = 'visitor';
  await p.limiter.take(`visitor:${forwarding.client}`);
  const body = await readRequestBody(req, p.settings.bodyLimitBytes, p.settings.bodyTimeoutMs);
  for (const h of INTERNAL_HEADERS) delete req.headers[h];
  delete req.headers.authorization;
  signForUpstream(p, req, VISITOR, exchange);
  // Behind a trusted proxy the site answered is the forwarded host's: a cache keyed on Host must not mix them.
  await p.forwarder.forward(p.pools[PUBLISHED_ROUTE.service], req, res, body, forwarding.isFromTrustedProxy ? ['X-Forwarded-Host'] : []);
}

/**
 * A SCIM request: forwarded to identity with the caller's Authorization header (the connection's
 * token, which identity checks) and an anonymous signed principal; rate-limited per connection.
 */
async function forwardScim(p: GatewayPipeline, req: IncomingMessage, res: ServerResponse, exchange: Exchange): Promise<void> {
  const { path } = splitUrl(req.url ?? '/');
  observeWhenFinished(p.metrics, req, res, routeFamily(path), exchange);
  const connectionId = scimConnectionOf(req.url) ?? '';
  exchange.principal = `scim:${connectionId}`;
  await p.scimLimiter.take(`scim:${connectionId}`);
  const body = await readRequestBody(req, p.settings.bodyLimitBytes, p.settings.bodyTimeoutMs);
  for (const h of INTERNAL_HEADERS) delete req.headers[h];
  signForUpstream(p, req, SCIM_CLIENT, exchange);
  await p.forwarder.forward(p.pools[SCIM_ROUTE.service], req, res, body);
}

/** `/v1` and everything under it: the proxied routes, served without express. */
function isApiPath(url: string | undefined): boolean {
  return url !== undefined && url.startsWith('/v1') && (url.length === 3 || url[3] === '/' || url[3] === '?');
}

/**
 * A signed download link is its own credential: checked here so a forged or expired one costs
 * nothing upstream (the service checks it again before reading). The caller is nobody.
 */
function signedUrlCaller(path: string, query: string, secret: string): { principal: Principal; tokenHash: string } {
  const params = new URLSearchParams(query);
  // A parameter given twice is no value, as it is for the service's own check.
  const single = (name: string) => {
    const values = params.getAll(name);
    return values.length === 1 ? values[0] : undefined;
  };
  const signed = { expires: single('expires'), signature: single('signature') };
  if (!verifySignedUrl(path, signed, secret)) throw new ApiError(403, 'This download link is invalid or has expired');
  return { principal: { userId: '', tokenId: '' }, tokenHash: `signed-url:${signed.signature}` };
}

/** Node keeps only the first of several Authorization headers; the raw list shows them all. */
function countHeaders(rawHeaders: string[], name: string): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === name) count++;
  return count;
}

function sendError(req: IncomingMessage, res: ServerResponse, err: unknown, logger: Logger, requestId: string): void {
  const apiError = toApiError(err);
  if (apiError.code >= 500 && !(err instanceof ApiError)) logger.error({ err, requestId }, 'gateway failed');
  writeJsonError(res, apiError.code, apiError.message, apiError.headers, req.method !== 'HEAD');
  // A body refused half-read (413, 408) is not read on: the connection closes once answered.
  if (apiError.headers.connection === 'close') res.once('finish', () => req.destroy());
}
