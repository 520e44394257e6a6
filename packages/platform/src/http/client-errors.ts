import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from '@quire/errors';

// Node's HTTP parser answers some requests itself (headers too large, too slow, malformed) in
// plain text. With a `clientError` listener the server answers them with Quire's error shape.
const ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request headers are too large (the limit is 16 KB)'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time'],
  ERR_HTTP_HEADERS_TIMEOUT: [408, 'The request headers did not arrive in time'],
  HPE_UNEXPECTED_CONTENT_LENGTH: [400, 'Invalid request: conflicting or duplicate Content-Length headers'],
  HPE_INVALID_CONTENT_LENGTH: [400, 'Invalid request: bad Content-Length header'],
  HPE_INVALID_TRANSFER_ENCODING: [400, 'Invalid request: bad Transfer-Encoding header'],
  HPE_INVALID_HEADER_TOKEN: [400, 'Invalid request: a header name or value has bytes HTTP does not allow'],
  HPE_INVALID_METHOD: [400, 'Invalid request: unknown HTTP method'],
  HPE_INVALID_URL: [400, 'Invalid request: malformed URL'],
};

/** Answers the HTTP parser's own errors as JSON (`{"error":{"code","message"}}`) and closes the socket. */
export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] = ANSWERS[err.code ?? ''] ?? [400, 'Invalid HTTP request'];
    const body = JSON.stringify(errorBody(status, message));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}
