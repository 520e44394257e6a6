import type { IncomingMessage } from 'node:http';
import { ApiError, payloadTooLarge } from '@quire/common';

/**
 * Reads the whole request body before anything is sent to a service, within `limitBytes` and
 * `timeoutMs`. A service never waits on a slow client, and a body held here can be sent again to
 * another copy when the first refused the connection. Bodies are JSON of at most 10 MB, so
 * holding one costs little next to what the services do with it.
 * - a Content-Length over the limit is a 413 at once; a chunked body when it passes the limit;
 * - a body that has not fully arrived `timeoutMs` after the request began is a 408.
 * Both close the connection: the rest of the body is not read.
 */
export function readRequestBody(req: IncomingMessage, limitBytes: number, timeoutMs: number): Promise<Buffer | null> {
  const declared = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (!chunked && !(Number(declared ?? 0) > 0)) return Promise.resolve(null);
  if (declared !== undefined && Number(declared) > limitBytes) return Promise.reject(tooLarge(limitBytes));
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
      if (received > limitBytes) return fail(tooLarge(limitBytes));
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

function tooLarge(limitBytes: number): ApiError {
  const err = payloadTooLarge(`Request body is larger than the limit of ${limitBytes} bytes`);
  return new ApiError(err.code, err.message, { connection: 'close' });
}
