import type { IncomingMessage } from 'node:http';
import { ApiError, payloadTooLarge } from '@quire/errors';

/**
 * Reads the whole request body before anything is sent to a service, within `limitBytes` and
 * `timeoutMs`. A service never waits on a slow client, and a body held here can be sent again to
 * another copy when the first refused the connection. Bodies are JSON of at most 10 MB, so
 * holding one costs little next to what the services do with it.
 * - a Content-Length over the limit is a 413 at once (Node discards the body it announced);
 * - a chunked body is a 413 when it passes the limit, and one that has not fully arrived
 *   `timeoutMs` after the request began is a 408: both close the connection unread.
 */
export function readRequestBody(req: IncomingMessage, limitBytes: number, timeoutMs: number): Promise<Buffer | null> {
  const declared = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (!chunked && !(Number(declared ?? 0) > 0)) return Promise.resolve(null);
  // Declared too large: answered at once; Node discards the body so the client reads the 413.
  if (declared !== undefined && Number(declared) > limitBytes) return Promise.reject(payloadTooLarge(tooLargeMessage(limitBytes)));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const fail = (err: ApiError) => {
      cleanup();
      req.pause();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) return fail(new ApiError(413, tooLargeMessage(limitBytes), { connection: 'close' }));
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, received));
    };
    const onAborted = () => fail(new ApiError(400, 'The request body was cut off', { connection: 'close' }));
    const timer = setTimeout(() => fail(new ApiError(408, `The request body did not arrive within ${timeoutMs} ms`, { connection: 'close' })), timeoutMs);
    timer.unref();
    function cleanup() {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
    }
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('aborted', onAborted);
  });
}

function tooLargeMessage(limitBytes: number): string {
  return `Request body is larger than the limit of ${limitBytes} bytes`;
}
