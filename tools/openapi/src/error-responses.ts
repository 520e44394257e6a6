import type { DocumentRoute } from './document-route';

/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents are untyped JSON here */
type Json = any;

/** Every error Quire answers has one shape: `{"error":{"code":<status>,"message":"..."}}`. */
export const ERROR_SCHEMA: Json = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'integer', description: 'The HTTP status' },
        message: { type: 'string', description: 'What went wrong, naming the field when one is at fault' },
      },
    },
  },
};

const REASONS: Record<number, string> = {
  400: 'Bad request: a query or body field is invalid (the message names it), or the JSON is malformed or nested too deep',
  401: 'No bearer token, or one that is unknown, revoked or expired',
  403: "The caller's role in the organization does not allow this, or a signed link is invalid or has expired",
  404: 'No such resource, or one the caller cannot see (a malformed id names nothing)',
  408: 'The request body did not arrive in time',
  409: 'The change conflicts with the current state (a taken slug or name, a change request that cannot merge, …)',
  413: 'The request body is larger than the limit',
  415: 'The body is not JSON (or uses an unsupported encoding or charset)',
  429: 'Too many requests from this token: wait and retry',
  431: 'The request line and headers are larger than 16 KB (a query this long is refused before it is read)',
  503: 'A service this request needs is unavailable: retry later',
};

/** One named response per error status, all with the error shape. */
export function errorResponseComponents(): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(REASONS).map(([status, description]) => [
      `Error${status}`,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Lookups that name nothing in their path but may find nothing: a published URL no site answers, a URL that names no content. */
const LOOKUPS = new Set(['/v1/urls/published', '/v1/urls/content']);
/** Routes with neither query nor body that still answer 400, as their reference does: joining by an e-mail domain the organization does not claim. */
const STATE_REFUSALS = new Set(['POST /v1/orgs/{organizationId}/join']);

/**
 * The error statuses a route answers, from what it is: the gateway answers 401 (token), 429 (rate
 * limit) and 503 (a service down) for every token route; a path parameter can name nothing (404); a
 * query or body can be invalid (400), except a signed link's query, which the gateway checks first
 * (403); a body can be too large, too slow or not JSON (413, 408, 415);
 * organization-scoped routes check the role, signed links their signature and expiry (403); writes
 * can conflict (409).
 */
export function errorStatusesOf(route: DocumentRoute): number[] {
  const statuses = new Set<number>([503]);
  if (route.access !== 'signed-url') [401, 429].forEach((s) => statuses.add(s));
  const hasPathParams = route.path.includes('{');
  if (hasPathParams || LOOKUPS.has(route.path)) statuses.add(404);
  if ((route.schemas.query && route.access !== 'signed-url') || route.schemas.body || STATE_REFUSALS.has(`${route.method} ${route.path}`)) statuses.add(400);
  if (route.schemas.body) [408, 413, 415].forEach((s) => statuses.add(s));
  // A query has no length limit of its own: past the 16 KB the server reads of a request's head, it is a 431.
  if (route.schemas.query) statuses.add(431);
  if (route.access === 'signed-url' || (hasPathParams && !route.path.startsWith('/v1/users/'))) statuses.add(403);
  if (WRITES.has(route.method) && route.access !== 'signed-url') statuses.add(409);
  return [...statuses].sort((a, b) => a - b);
}
