import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Express, Request, Response } from 'express';

/** docs/openapi.json, written by `npm run openapi:gen` (tools/openapi) and committed. */
export const DOCUMENT_FILE = resolve(__dirname, '../../../docs/openapi.json');

/** `GET /openapi.json`: Quire's own OpenAPI document, without a token (read once, at start). */
export function mountOpenApiDocument(app: Express, file = DOCUMENT_FILE): void {
  let text: string | null = null;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // a deployment built without the docs folder: answered below as a JSON 404
  }
  app.get('/openapi.json', (_req: Request, res: Response) => {
    if (text === null) res.status(404).json({ error: { code: 404, message: 'This deployment has no OpenAPI document (docs/openapi.json)' } });
    else res.type('application/json').set('cache-control', 'public, max-age=300').send(text);
  });
}
