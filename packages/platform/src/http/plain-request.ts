import type { IncomingMessage } from 'node:http';

// What routes answered before express (PlainRoute, service-app.ts) read of a request, the way
// express reads it: the first value of a header, and the path without the query.

/** The header's value (the first, when a client sent it twice and Node kept a list); undefined when absent. */
export function requestHeader(req: Pick<IncomingMessage, 'headers'>, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The request's path without its query, as sent (not decoded): express's `req.path`. */
export function requestPath(req: Pick<IncomingMessage, 'url'>): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
