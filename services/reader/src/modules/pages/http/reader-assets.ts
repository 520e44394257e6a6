import type { Request, Response } from 'express';
import { READER_SCRIPT, READER_SCRIPT_FILE } from '@quire/page-html';
import { assetFileOf } from '../domain/request-kind';

// The reader's own files below any site's address (`…/~quire/<file>`): today its one script. The
// name carries the content's hash, so a browser or CDN keeps it for good and a new release is a
// new name; the same bytes for every site and visitor, so no resolution and no cookie.

const SCRIPT = Buffer.from(READER_SCRIPT, 'utf8');

/** Answers a request for a reader asset; false when the path asks for none (a page, a file…). */
export function answerAsset(req: Request, res: Response): boolean {
  const file = assetFileOf(req.path);
  if (file === undefined) return false;
  if (file !== READER_SCRIPT_FILE) {
    res.status(404).setHeader('cache-control', 'no-store');
    res.type('text/plain').send('Not found\n');
    return true;
  }
  res.setHeader('content-type', 'text/javascript; charset=utf-8');
  res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('content-length', String(SCRIPT.length));
  res.status(200);
  if (req.method === 'HEAD') res.end();
  else res.end(SCRIPT);
  return true;
}
