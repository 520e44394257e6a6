import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type Express, type Router, type NextFunction, type Request, type Response } from 'express';
import { ApiError, errorBody, notFound, toApiError, unauthorized } from '@quire/errors';
import { newId } from '@quire/ids';
import type { Lifecycle } from './graceful-close';
import { writeJsonError } from './json-error';
import { requestHeader, requestPath } from './plain-request';
import { jsonDeeperThan, MAX_JSON_DEPTH } from './json-depth';
import type { Logger } from '../logger';
import { PRINCIPAL_HEADER, principalVerifier, SIGNATURE_HEADER, type Principal } from '@quire/access';
import { type Metrics, mountHealthRoutes, type ReadinessCheck } from './observability';
import { apiActor, runAsActor } from '../outbox/actor-context';

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
    principal: Principal;
    log: Logger;
  }
}

/** Where a request keeps its child logger once made. */
const REQUEST_LOG = Symbol('request log');

export interface ServiceAppOptions {
  service: string;
  logger: Logger;
  internalSecret: string;
  metrics: Metrics;
  readiness: Record<string, ReadinessCheck>;
  /** While it drains, every answer closes its connection, so no client reuses one that is about to go. */
  lifecycle?: Lifecycle;
  /** Bytes (or a size such as '10mb'): a larger body is a 413 before it is parsed. */
  bodyLimit?: string | number;
  /** Operator routes that authenticate on their own (an admin signature, no user): mounted before the principal check. */
  adminRoutes?: Router[];
  /** Also lets `application/x-www-form-urlencoded` bodies through, unparsed, for the service's own routes to read (the reader's HTML forms). */
  formBodies?: boolean;
}

/**
 * A service's hottest requests (the reader's pages), answered on Node's own request and response
 * before express: express's per-request set-up and router cost more than a cached page's answer.
 * The shell's steps still apply (request id, metrics, request line, the signed principal, the actor).
 */
export interface PlainRoute {
  /** The metrics' route label of its requests: one, whatever the path (a site's pages are countless). */
  metricsRoute: string;
  /** Whether the request is this route's, from its method and URL alone (never a path the shell serves itself). */
  matches(req: IncomingMessage): boolean;
  /** Answers; never throws (a failure is the handler's to answer). */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/** What the shell does for every request, express or plain. */
interface RequestShell {
  /** The request id (the caller's when it sent one), the answer's headers, and the metrics (under `route`) and request line once answered. */
  begin(req: IncomingMessage, res: ServerResponse, path: () => string, route?: string): string;
  /** The gateway's signed principal; null when it is missing or forged. */
  principalOf(req: IncomingMessage): Principal | null;
}

function requestShell(options: ServiceAppOptions): RequestShell {
  const verifyPrincipal = principalVerifier(options.internalSecret);
  return {
    begin(req, res, path, route) {
      const started = process.hrtime.bigint();
      const requestId = requestHeader(req, 'x-request-id') ?? newId();
      res.setHeader('x-request-id', requestId);
      if (options.lifecycle?.draining) res.setHeader('connection', 'close');
      res.on('finish', () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const method = req.method ?? '';
        options.metrics.observe(method, route ?? routeFamily(path()), res.statusCode, seconds);
        if (options.logger.isLevelEnabled('info'))
          options.logger.info({ requestId, method, path: path(), status: res.statusCode, ms: Math.round(seconds * 1000) }, 'request');
      });
      return requestId;
    },
    principalOf: (req) => verifyPrincipal(requestHeader(req, PRINCIPAL_HEADER), requestHeader(req, SIGNATURE_HEADER)),
  };
}

/** Paths the shell serves itself (health, readiness, metrics, operator routes): never a plain route's. */
function isShellPath(path: string): boolean {
  return path === '/healthz' || path === '/readyz' || path === '/metrics' || path.startsWith('/internal/');
}

/**
 * The service's request listener: `plain` answers its requests before express, through the same
 * shell steps; express answers the rest. Without `plain`, express answers everything.
 */
export function serviceListener(app: Express, options: ServiceAppOptions, plain?: PlainRoute): RequestListener {
  if (!plain) return app;
  const shell = requestShell(options);
  return (req, res) => {
    const path = requestPath(req);
    if (isShellPath(path) || !plain.matches(req)) return app(req, res);
    const requestId = shell.begin(req, res, () => path, plain.metricsRoute);
    const principal = shell.principalOf(req);
    if (!principal) {
      const error = unauthorized();
      return writeJsonError(res, error.code, error.message, error.headers, req.method !== 'HEAD');
    }
    runAsActor(apiActor(principal, requestId), () => plain.handle(req, res));
  };
}

/**
 * The HTTP shell of a service: health, request ids, JSON bodies, the signed principal from the
 * gateway, access logs and metrics. Routes are mounted by the service between `app` creation and
 * `finishServiceApp`.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  mountHealthRoutes(app, options.metrics, options.readiness);
  // A request's child logger is made when a route first logs (most requests log one line only). On
  // the app's request prototype, not on each request: an accessor per object would give every
  // request a shape of its own.
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & { [REQUEST_LOG]?: Logger }): Logger {
      return (this[REQUEST_LOG] ??= options.logger.child({ requestId: this.requestId }));
    },
  });

  const shell = requestShell(options);
  app.use((req: Request, res: Response, next: NextFunction) => {
    req.requestId = shell.begin(req, res, () => req.path);
    next();
  });
  for (const routes of options.adminRoutes ?? []) app.use(routes);

  app.use((req: Request, _res: Response, next: NextFunction) => {
    const principal = shell.principalOf(req);
    if (!principal) return next(unauthorized());
    req.principal = principal;
    next();
  });

  const isFormBody = (req: Request) => options.formBodies === true && isForm(req.headers['content-type']);
  app.use((req: Request, res: Response, next: NextFunction) => (isFormBody(req) ? next() : refuseNonJsonBodies(req, res, next)));
  const json = express.json({ limit: options.bodyLimit ?? '10mb', strict: false, type: (req) => !isFormBody(req as Request), verify: refuseDeepJson });
  // What body-parser skips itself (no length, no chunked encoding), skipped before its set-up: most requests are reads.
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined ? next() : json(req, res, next),
  );
  // After the body parser: its callbacks run in the socket's context, which would drop the actor.
  app.use((req: Request, _res: Response, next: NextFunction) => runAsActor(apiActor(req.principal, req.requestId), next));
  return app;
}

/** Adds the JSON 404 and the one error renderer; call after mounting routes. */
export function finishServiceApp(app: Express, logger: Logger): void {
  app.use((req: Request, _res: Response, next: NextFunction) => next(notFound(`No route for ${req.method} ${req.path}`)));
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const apiError = bodyParserError(err) ?? toApiError(err);
    if (apiError.code >= 500 && !(err instanceof ApiError)) (req.log ?? logger).error({ err }, 'request failed');
    for (const [k, v] of Object.entries(apiError.headers)) res.setHeader(k, v);
    res.status(apiError.code).json(errorBody(apiError.code, apiError.message));
  });
}

/** Runs on the raw bytes before JSON.parse: nesting is bounded before anything walks the document. */
function refuseDeepJson(_req: Request, _res: Response, body: Buffer): void {
  if (jsonDeeperThan(body, MAX_JSON_DEPTH)) {
    throw Object.assign(new ApiError(400, `Invalid body: objects and arrays are nested deeper than the limit of ${MAX_JSON_DEPTH} levels`), { status: 400 });
  }
}

/** Bodies are JSON: a non-empty body of another (or no) content type is a 415, never guessed at. */
function refuseNonJsonBodies(req: Request, _res: Response, next: NextFunction): void {
  if (!hasBody(req) || isJson(req.headers['content-type'])) return next();
  const type = req.headers['content-type'];
  next(new ApiError(415, `Unsupported content type ${type ? `"${type.split(';')[0]}"` : '(none)'}: send the body as application/json`));
}

function hasBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > 0;
}

/** A Content-Type's media type, without its parameters, lower-cased ('' when none). */
function mediaTypeOf(contentType: string | undefined): string {
  return contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
}

function isForm(contentType: string | undefined): boolean {
  return mediaTypeOf(contentType) === 'application/x-www-form-urlencoded';
}

function isJson(contentType: string | undefined): boolean {
  const mediaType = mediaTypeOf(contentType);
  return mediaType === 'application/json' || (mediaType.startsWith('application/') && mediaType.endsWith('+json'));
}

const ZLIB_ERRORS = new Set([
  'Z_DATA_ERROR',
  'Z_BUF_ERROR',
  'Z_STREAM_ERROR',
  'Z_NEED_DICT',
  'ERR_BROTLI_DECOMPRESSION_FAILED',
  'ERR_PADDING_1',
  'ERR__ERROR_FORMAT_PADDING_1',
]);

function bodyParserError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  const e = err as { type?: string; status?: number; code?: string; errno?: number };
  if (e?.type === 'entity.parse.failed') return new ApiError(400, 'Invalid body: not valid JSON');
  if (e?.type === 'entity.too.large') return new ApiError(413, 'Request body is too large');
  if (e?.type === 'encoding.unsupported') return new ApiError(415, 'Unsupported Content-Encoding: send the body as identity, gzip, deflate or br');
  if (e?.type === 'charset.unsupported') return new ApiError(415, 'Unsupported charset: send the body as UTF-8 JSON');
  if (
    (typeof e?.code === 'string' && (ZLIB_ERRORS.has(e.code) || e.code.startsWith('Z_'))) ||
    (typeof e?.errno === 'number' && e.errno < 0 && e?.code?.startsWith('ERR_'))
  ) {
    return new ApiError(400, 'Invalid body: it is not encoded as its Content-Encoding says');
  }
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e?.type) return new ApiError(e.status, 'Invalid request body');
  return null;
}

/** A bounded metrics label: /v1/<collection>/:id/<collection> with ids replaced. */
export function routeFamily(path: string): string {
  const parts = path.split('/').filter(Boolean).slice(0, 4);
  return '/' + parts.map((p, i) => (i >= 2 && i % 2 === 0 ? ':id' : p)).join('/');
}
