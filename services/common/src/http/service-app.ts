import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { ApiError, errorBody, notFound, toApiError, unauthorized } from '../errors';
import { newId } from '../ids';
import type { Logger } from '../logger';
import { PRINCIPAL_HEADER, SIGNATURE_HEADER, verifyPrincipal, type Principal } from '../principal';
import { Metrics, mountHealthRoutes, type ReadinessCheck } from './observability';

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
    principal: Principal;
    log: Logger;
  }
}

export interface ServiceAppOptions {
  service: string;
  logger: Logger;
  internalSecret: string;
  metrics: Metrics;
  readiness: Record<string, ReadinessCheck>;
  bodyLimit?: string;
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

  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    req.requestId = req.header('x-request-id') ?? newId();
    req.log = options.logger.child({ requestId: req.requestId });
    res.setHeader('x-request-id', req.requestId);
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeFamily(req.path);
      options.metrics.observe(req.method, route, res.statusCode, seconds);
      req.log.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(seconds * 1000) }, 'request');
    });
    next();
  });

  app.use((req: Request, _res: Response, next: NextFunction) => {
    const principal = verifyPrincipal(req.header(PRINCIPAL_HEADER), req.header(SIGNATURE_HEADER), options.internalSecret);
    if (!principal) return next(unauthorized());
    req.principal = principal;
    next();
  });

  app.use(express.json({ limit: options.bodyLimit ?? '10mb', strict: false, type: () => true }));
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

function bodyParserError(err: unknown): ApiError | null {
  const e = err as { type?: string; status?: number };
  if (e?.type === 'entity.parse.failed') return new ApiError(400, 'Invalid body: not valid JSON');
  if (e?.type === 'entity.too.large') return new ApiError(413, 'Request body is too large');
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e?.type) return new ApiError(e.status, 'Invalid request body');
  return null;
}

/** A bounded metrics label: /v1/<collection>/:id/<collection> with ids replaced. */
export function routeFamily(path: string): string {
  const parts = path.split('/').filter(Boolean).slice(0, 4);
  return '/' + parts.map((p, i) => (i >= 2 && i % 2 === 0 ? ':id' : p)).join('/');
}
