import type { ErrorReason } from './error-reasons';

// The one error type of Quire. Thrown anywhere, rendered once as {"error":{"code","message"}}; its
// `reason` travels between services (gRPC trailing metadata) and never reaches the HTTP body.
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly reason?: ErrorReason,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, reason?: ErrorReason) => new ApiError(400, message, {}, reason);
export const unauthorized = (message = 'A valid API token is required (Authorization: Bearer <token>)') => new ApiError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const revisionNotFound = (revisionId: string) => new ApiError(404, `Revision ${revisionId} not found`, {}, 'revision-not-found');
export const conflict = (message: string) => new ApiError(409, message);
export const payloadTooLarge = (message: string) => new ApiError(413, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, `Rate limit exceeded; retry in ${retryAfterSeconds}s`, { 'Retry-After': String(retryAfterSeconds) });
export const internalError = (message = 'Internal server error') => new ApiError(500, message);
export const serviceUnavailable = (message: string) => new ApiError(503, message);

export interface ErrorBody {
  error: { code: number; message: string };
}

export function errorBody(code: number, message: string): ErrorBody {
  return { error: { code, message } };
}

/** Maps anything thrown to an ApiError; unknown errors become a 500 without leaking internals. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (isDependencyDown(err)) return serviceUnavailable('A dependency is unavailable; try again shortly');
  return internalError();
}

const DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P03']);

export function isDependencyDown(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; name?: unknown };
  if (typeof e.code === 'string' && DOWN_CODES.has(e.code)) return true;
  return e.name === 'DependencyUnavailableError';
}

export class DependencyUnavailableError extends Error {
  override name = 'DependencyUnavailableError';
}
