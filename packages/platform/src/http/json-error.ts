import type { ServerResponse } from 'node:http';
import { errorBody } from '@quire/errors';

/**
 * Writes the API's JSON error on a bare Node response (the gateway's `/v1` path and a service's
 * PlainRoute have no express). A response already under way cannot change its status: the
 * connection is cut so the client sees a failure.
 */
export function writeJsonError(res: ServerResponse, code: number, message: string, headers: Record<string, string> = {}, withBody = true): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(errorBody(code, message));
  res.writeHead(code, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'content-length': Buffer.byteLength(body),
  });
  res.end(withBody ? body : undefined);
}
