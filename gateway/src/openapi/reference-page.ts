import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Express, Request, Response } from 'express';
import { errorBody } from '@quire/errors';

const gzipAsync = promisify(gzip);

export const REFERENCE_PAGE_PATH = '/docs';
/** Where the page's scripts and styles are served; each file is named in `ASSETS`. */
export const REFERENCE_ASSETS_PATH = '/docs/assets';

/**
 * The page's own script: Swagger UI over this gateway's document. Nothing leaves the reader's
 * browser for another host: no validator badge (it would send the document to
 * validator.swagger.io), no remembered token (`persistAuthorization` would keep it in
 * localStorage). "Try it out" sends to the document's servers, which are relative (`/v1`, `/`),
 * so it reaches the gateway that served the page, with the token given under "Authorize".
 */
const PAGE_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  persistAuthorization: false,
  displayOperationId: true,
  displayRequestDuration: true,
  filter: true,
});
`;

/** The files the page loads: Swagger UI's two (from swagger-ui-dist) and the page's script. */
const ASSETS: Record<string, { type: string; source: { package: string } | { text: string } }> = {
  'swagger-ui.css': { type: 'text/css', source: { package: 'swagger-ui.css' } },
  'swagger-ui-bundle.js': { type: 'text/javascript', source: { package: 'swagger-ui-bundle.js' } },
  'reference.js': { type: 'text/javascript', source: { text: PAGE_SCRIPT } },
};

export const REFERENCE_ASSET_NAMES = Object.keys(ASSETS);

/**
 * What the page may load and where it may send: only this origin, so neither the renderer nor a
 * description in the document can reach another host from a reader's browser.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const page = (version: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Quire API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${REFERENCE_ASSETS_PATH}/swagger-ui.css?v=${version}" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${REFERENCE_ASSETS_PATH}/swagger-ui-bundle.js?v=${version}"></script>
    <script src="${REFERENCE_ASSETS_PATH}/reference.js?v=${version}"></script>
  </body>
</html>
`;

/** swagger-ui-dist's folder and version; null when the package is not installed. */
function rendererPackage(): { root: string; version: string } | null {
  try {
    const manifest = require.resolve('swagger-ui-dist/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    return { root: dirname(manifest), version };
  } catch {
    return null;
  }
}

interface Asset {
  type: string;
  plain: Buffer;
  gzipped: Buffer;
}

/**
 * `GET /docs`: the API reference page over `/openapi.json`, and `GET /docs/assets/<file>`, what it
 * loads, from node_modules. No token: like the document, the page describes the API and holds no
 * data. Assets are read and compressed on first request (the bundle is 1.5 MB), not at start.
 */
export function mountReferencePage(app: Express): void {
  const renderer = rendererPackage();
  const loaded = new Map<string, Promise<Asset>>();
  const load = (name: string, root: string): Promise<Asset> => {
    const asset = ASSETS[name] as (typeof ASSETS)[string];
    const source = asset.source;
    const read = 'text' in source ? Promise.resolve(Buffer.from(source.text)) : readFile(join(root, source.package));
    return read.then(async (plain) => ({ type: asset.type, plain, gzipped: await gzipAsync(plain) }));
  };
  const missing = (res: Response, status: number, message: string) => res.status(status).json(errorBody(status, message));

  app.get(REFERENCE_PAGE_PATH, (_req: Request, res: Response) => {
    if (!renderer) return void missing(res, 404, 'This deployment has no API reference page: swagger-ui-dist is not installed');
    res
      .type('text/html')
      .set('cache-control', 'no-cache')
      .set('content-security-policy', CONTENT_SECURITY_POLICY)
      .set('x-content-type-options', 'nosniff')
      .set('referrer-policy', 'no-referrer')
      .send(page(renderer.version));
  });

  app.get(`${REFERENCE_ASSETS_PATH}/:name`, (req: Request<{ name: string }>, res: Response) => {
    const { name } = req.params;
    if (!renderer || !Object.hasOwn(ASSETS, name)) return void missing(res, 404, `No reference page asset ${name}`);
    let asset = loaded.get(name);
    if (!asset) {
      asset = load(name, renderer.root);
      loaded.set(name, asset);
    }
    asset.then(
      ({ type, plain, gzipped }) => {
        // The page asks for `?v=<version>`: that URL never changes content, so browsers keep it.
        const isVersioned = req.query.v === renderer.version;
        res
          .type(type)
          .set('cache-control', isVersioned ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
          .set('x-content-type-options', 'nosniff')
          .set('vary', 'accept-encoding');
        if (req.acceptsEncodings('gzip') === 'gzip') res.set('content-encoding', 'gzip').send(gzipped);
        else res.send(plain);
      },
      (err: Error) => {
        loaded.delete(name);
        missing(res, 503, `The reference page asset ${name} could not be read: ${err.message}`);
      },
    );
  });
}
