import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z, ZodTypeAny } from 'zod';
import { ApiError } from '@quire/errors';
import type { Logger } from '../logger';
import type { Principal } from '@quire/access';
import { parseInput } from '@quire/input';

/**
 * A body parser for a hot path where zod per item costs too much (insights ingest): `parse`
 * accepts exactly what `schema` accepts and answers the same 400s (it may fall back to the schema
 * for anything unusual); `schema` is what the route documents. Make one with `compiledBody()`.
 */
export interface CompiledBody<T> {
  readonly schema: ZodTypeAny;
  readonly parse: (body: unknown) => T;
  readonly compiled: true;
}

export const compiledBody = <T>(schema: ZodTypeAny, parse: (body: unknown) => T): CompiledBody<T> => ({ schema, parse, compiled: true });

/** What a route declares about its input; each part is validated before the handler runs. */
export interface RouteSchemas {
  params?: ZodTypeAny;
  query?: ZodTypeAny;
  body?: ZodTypeAny | CompiledBody<unknown>;
}

// One type parameter per part (not one for the whole object): `authorize` is typed by the parsed
// params and query, which TypeScript infers only from parts it reads on their own.
type Part = ZodTypeAny | undefined;
type BodyPart = ZodTypeAny | CompiledBody<unknown> | undefined;

type Parsed<S extends RouteSchemas, K extends keyof RouteSchemas> = S[K] extends ZodTypeAny
  ? z.output<S[K]>
  : S[K] extends CompiledBody<infer T>
    ? T
    : undefined;

/** The zod schema of a body part, compiled or not (what the OpenAPI document shows). */
export const bodySchemaOf = (body: RouteSchemas['body']): ZodTypeAny | undefined => (body && isCompiled(body) ? body.schema : body);

const isCompiled = (body: ZodTypeAny | CompiledBody<unknown>): body is CompiledBody<unknown> => (body as Partial<CompiledBody<unknown>>).compiled === true;

/** What a route's `authorize` sees: everything but the body, which is not parsed yet. */
export interface AuthorizeInput<S extends RouteSchemas> {
  params: Parsed<S, 'params'>;
  query: Parsed<S, 'query'>;
  principal: Principal;
}

/**
 * Checks the caller against the resource the path names, before the body is parsed; what it
 * returns (the loaded resource) reaches the handler as `authorized`. A route whose body is big
 * (batch content changes: 50 pages of a megabyte, files in base64) declares it, so a stranger
 * gets the 404 a non-member gets at the cost of a lookup, never the cost of a parse.
 */
export type Authorize<S extends RouteSchemas, A> = (input: AuthorizeInput<S>) => Promise<A>;

/** The validated, typed input of a request, with who is calling. */
export interface RouteInput<S extends RouteSchemas, A = undefined> {
  params: Parsed<S, 'params'>;
  query: Parsed<S, 'query'>;
  body: Parsed<S, 'body'>;
  /** What the route's `authorize` returned (undefined for a route without one). */
  authorized: A;
  principal: Principal;
  log: Logger;
  req: Request;
}

/**
 * The one input layer of every service route (like Outline's `validate()`): path parameters,
 * query and body are parsed with the route's zod schemas before the handler runs, so the handler
 * only parses nothing, authorizes, calls the domain and presents.
 * - a path parameter that fails its schema is a 404 (a malformed id names nothing);
 * - a bad query or body field is a 400 naming the field;
 * - NUL is refused in every string and key (parseInput), lengths count code points (`text()`);
 * - an absent body is `{}`, so a body whose fields are all optional may be left out;
 * - with `authorize`, the body is parsed only after it resolves (path and query first, both small).
 */
export function route<P extends Part = undefined, Q extends Part = undefined, B extends BodyPart = undefined, A = undefined>(
  schemas: { params?: P; query?: Q; body?: B; authorize?: Authorize<{ params: P; query: Q }, A> },
  handler: (input: RouteInput<{ params: P; query: Q; body: B }, A>, res: Response) => Promise<unknown> | unknown,
): RequestHandler {
  const handle = (req: Request, res: Response, next: NextFunction) => {
    const run = async () => {
      const params = schemas.params ? parseParams(schemas.params, req.params) : undefined;
      const query = schemas.query ? parseInput(schemas.query, req.query, 'query') : undefined;
      const principal = req.principal;
      const authorized = schemas.authorize ? await schemas.authorize({ params, query, principal } as AuthorizeInput<{ params: P; query: Q }>) : undefined;
      const body = schemas.body ? parseBody(schemas.body, req.body === undefined ? {} : req.body) : undefined;
      await handler({ params, query, body, authorized, principal, log: req.log, req } as RouteInput<{ params: P; query: Q; body: B }, A>, res);
    };
    run().catch(next);
  };
  // The schemas ride on the handler so the route inventory (and Quire's OpenAPI document) reads
  // the very schemas that validate requests.
  return Object.assign(handle, { [ROUTE_SCHEMAS]: schemas });
}

const ROUTE_SCHEMAS = Symbol('quire.routeSchemas');

/** The schemas a handler made by `route()` validates with; undefined for any other handler. */
export function routeSchemasOf(handler: unknown): RouteSchemas | undefined {
  return typeof handler === 'function' ? (handler as { [ROUTE_SCHEMAS]?: RouteSchemas })[ROUTE_SCHEMAS] : undefined;
}

function parseBody(schema: ZodTypeAny | CompiledBody<unknown>, body: unknown): unknown {
  return isCompiled(schema) ? schema.parse(body) : parseInput(schema, body, 'body');
}

function parseParams<S extends ZodTypeAny>(schema: S, params: unknown): z.output<S> {
  try {
    return parseInput(schema, params, 'path');
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    throw new ApiError(404, err.message.replace(/^Invalid path field/, 'Not found: path parameter'));
  }
}
