import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';

/** Connection-level headers: they describe one hop, never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization']);

/**
 * The request's headers but the hop-by-hop ones; the forwarding headers are the gateway's already
 * (forwarding.ts). `Expect` is the gateway's to answer: it has read the body before forwarding.
 */
export function forwardedHeaders(req: IncomingMessage, body: Buffer | null): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'expect') headers[name] = value;
  if (body) headers['content-length'] = String(body.length);
  else delete headers['content-length'];
  return headers;
}

/** A service's answer headers for the client: no hop-by-hop ones, `vary` added to its `Vary`. */
export function responseHeaders(answer: IncomingHttpHeaders | OutgoingHttpHeaders, vary: readonly string[]): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(answer)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  if (vary.length) headers.vary = headers.vary ? `${String(headers.vary)}, ${vary.join(', ')}` : vary.join(', ');
  return headers;
}
