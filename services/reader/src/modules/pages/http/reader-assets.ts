import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestPath } from '@quire/platform/http';
import { READER_SCRIPT, READER_SCRIPT_FILE } from '@quire/page-html';
import { assetFileOf } from '../domain/request-kind';
import { fontFileNamed } from '../application/font-files';

// The reader's own files below any site's address (`…/~quire/<file>`): its one script and the bundled
// fonts' woff2 files (font-files.ts). The
// name carries the content's hash, so a browser or CDN keeps it for good and a new release is a
// new name; the same bytes for every site and visitor, so no resolution and no cookie.

const SCRIPT = Buffer.from(READER_SCRIPT, 'utf8');

/** Answers a request for a reader asset; false when the path asks for none (a page, a file…). */
export function answerAsset(req: IncomingMessage, res: ServerResponse): boolean {
  const file = assetFileOf(requestPath(req));
  if (file === undefined) return false;
  const font = file === READER_SCRIPT_FILE ? undefined : fontFileNamed(file);
  if (file !== READER_SCRIPT_FILE && !font) {
    res.statusCode = 404;
    res.setHeader('cache-control', 'no-store');
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.end('Not found\n');
    return true;
  }
  const bytes = font ? font.bytes : SCRIPT;
  res.setHeader('content-type', font ? 'font/woff2' : 'text/javascript; charset=utf-8');
  res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('content-length', String(bytes.length));
  res.statusCode = 200;
  if (req.method === 'HEAD') res.end();
  else res.end(bytes);
  return true;
}
