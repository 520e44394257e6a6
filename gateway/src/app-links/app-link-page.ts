import { createHash } from 'node:crypto';
import type { Express, Request, Response } from 'express';
import { REFERENCE_PAGE_PATH } from '../openapi/reference-page';
import { describeAppLink, isAppLinkPath, type AppLink } from './app-link';

/** Every character that means something in HTML text or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#1f2328}' +
  'code{background:#f3f4f6;padding:.1rem .3rem;border-radius:4px;word-break:break-all}h1{font-size:1.4rem}';

/**
 * No script at all, the one inline style by its hash, nothing framed, no form, and no Referer on the
 * way out (a link invite's address holds its secret).
 */
const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'content-security-policy': [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(title)} · Quire</title>
    <link rel="icon" href="data:," />
    <style>${STYLE}</style>
  </head>
  <body>
${body}
    <p>Documentation: the <a href="${REFERENCE_PAGE_PATH}">API reference</a> (every operation, try it with a token),
    the <a href="/openapi.json">OpenAPI document</a>, and Quire's README ("Use it from code", "What Quire is not").</p>
  </body>
</html>
`;
}

/** The page for a link a presenter builds: what it names and where the API answers about it. */
export function appLinkPage(link: AppLink): string {
  const api = escapeHtml(link.apiPath);
  return page(
    `A ${link.kind} in Quire`,
    `    <h1>This link names a ${escapeHtml(link.kind)} in Quire</h1>
    <p>${escapeHtml(link.detail)}</p>
    <p>Quire has no web app yet: its ${escapeHtml(link.kind)}s are read and changed through the API, with an API token.
    The API address of this one is <a href="${api}"><code>${api}</code></a>:</p>
    <p><code>curl -H "Authorization: Bearer $QUIRE_TOKEN" "$QUIRE_URL${api}"</code></p>
${link.note ? `    <p>${escapeHtml(link.note)}</p>\n` : ''}`,
  );
}

/** The page for a path under `/o/` or `/invite/` that no presenter builds. */
export function unknownAppLinkPage(path: string): string {
  return page(
    'Unknown address',
    `    <h1>Quire knows no such address</h1>
    <p><code>${escapeHtml(path)}</code> is not an address Quire hands out. Quire has no web app yet:
    its organizations, spaces, change requests, sites and specs are read and changed through the API under <code>/v1</code>.</p>
`,
  );
}

/**
 * `urls.app` links answer a page, not the JSON 404 of an unknown route: until Quire has a web app,
 * a link a client prints (GitBook's CLI after publishing, the README's example) still leads on. No
 * token needed and nothing looked up (app-link.ts).
 */
export function mountAppLinkPages(app: Express): void {
  app.use((req: Request, res: Response, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isAppLinkPath(req.path)) return next();
    const link = describeAppLink(req.path);
    res
      .status(link ? 200 : 404)
      .set(HEADERS)
      .send(link ? appLinkPage(link) : unknownAppLinkPage(req.path));
  });
}
