import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { verifyPrincipal } from '@quire/access';
import { ApiError } from '@quire/errors';
import { MemoryCache } from '@quire/platform/cache';
import type { IdentityClient } from '@quire/platform/grpc';
import { Metrics } from '@quire/platform/http';
import type { Logger } from '@quire/platform/logger';
import { SERVICE_NAMES, type ServiceName } from '@quire/platform/topology';
import { createGatewayApp } from '../src/app';
import { listen } from '../src/server';

// The gateway's two paths on real sockets: `/v1` served on Node's own request and response
// (auth, signing, forwarding), everything else through express (health, metrics), with the same
// JSON errors on both.

const SECRET = 'gateway-app-test-secret';
const TOKEN = 'qr_gateway_app_test_token';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function upstream(): Promise<{ url: string; seen: Seen[]; server: http.Server }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ answeredBy: 'upstream', url: req.url }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const identity = {
  authenticate: async ({ token }: { token: string }) => {
    if (token !== TOKEN) throw new ApiError(404, 'Unknown or revoked token');
    return { userId: 'user-1', tokenId: 'token-1' };
  },
} as unknown as IdentityClient;

let service: Awaited<ReturnType<typeof upstream>>;
let gateway: http.Server;
let base: string;
/** What the gateway logged, as parsed JSON lines. */
const logged: Record<string, unknown>[] = [];

/** A logger at `info` that keeps its lines in `into`. */
function capturingLogger(into: Record<string, unknown>[]): Logger {
  return pino({ level: 'info', base: { service: 'gateway' } }, { write: (line: string) => void into.push(JSON.parse(line) as Record<string, unknown>) });
}

async function startGateway(logger: Logger, accessLog: boolean, trustedProxies: string[] = []): Promise<{ server: http.Server; url: string }> {
  const handler = createGatewayApp(
    {
      internalSecret: SECRET,
      upstreams: Object.fromEntries(SERVICE_NAMES.map((s) => [s, service.url])) as Record<ServiceName, string>,
      bodyLimitBytes: 1024,
      rateLimitPerMinute: 10_000,
      upstreamTimeoutMs: 2000,
      authCacheTtlSeconds: 60,
      authLocalTtlMs: 5000,
      bodyTimeoutMs: 2000,
      accessLog,
      publicUrl: 'http://localhost:8080',
      trustedProxies,
    },
    { cache: new MemoryCache(), identity: () => identity, sites: () => ({}) as never, logger, metrics: new Metrics('gateway-app-test'), readiness: {} },
  );
  const server = await listen(handler, 0, '127.0.0.1');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  service = await upstream();
  ({ server: gateway, url: base } = await startGateway(capturingLogger(logged), true));
});

afterAll(async () => {
  for (const s of [gateway, service.server]) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
});

const auth = { authorization: `Bearer ${TOKEN}` };

it('forwards a /v1 request with the signed caller, the request id and the query, and streams the answer back', async () => {
  const res = await fetch(`${base}/v1/user?x=1`, { headers: { ...auth, 'x-request-id': 'req-42', 'x-quire-principal': 'forged' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-request-id')).toBe('req-42');
  expect(await res.json()).toEqual({ answeredBy: 'upstream', url: '/v1/user?x=1' });
  const seen = service.seen.at(-1) as Seen;
  expect(seen.headers['x-request-id']).toBe('req-42');
  const principal = verifyPrincipal(seen.headers['x-quire-principal'] as string, seen.headers['x-quire-signature'] as string, SECRET);
  expect(principal).toEqual(expect.objectContaining({ userId: 'user-1', tokenId: 'token-1' }));
});

it('forwards a body as it came', async () => {
  const res = await fetch(`${base}/v1/orgs/org-1/spaces`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"title":"A"}' });
  expect(res.status).toBe(200);
  expect(service.seen.at(-1)).toEqual(expect.objectContaining({ method: 'POST', url: '/v1/orgs/org-1/spaces', body: '{"title":"A"}' }));
});

it.each([
  ['GET', '/v1/user', {}, 401, /Missing Authorization header/],
  ['GET', '/v1/user', { authorization: 'Bearer qr_not_a_known_token' }, 401, /Unknown or revoked API token/],
  ['GET', '/v1/no-such-thing', auth, 404, /No route for GET \/v1\/no-such-thing/],
  ['DELETE', '/v1/user', auth, 405, /Method DELETE is not allowed on \/v1\/user; use GET/],
  ['GET', '/v1/file-downloads/rev-1/file-1?expires=1&signature=forged', {}, 403, /invalid or has expired/],
  ['GET', '/not-an-api-path', auth, 404, /No route for GET \/not-an-api-path/],
])('answers %s %s itself as a JSON error', async (method, path, headers, status, message) => {
  const before = service.seen.length;
  const res = await fetch(`${base}${path}`, { method, headers });
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: { code: number; message: string } };
  expect(body.error.code).toBe(status);
  expect(body.error.message).toMatch(message);
  if (status === 405) expect(res.headers.get('allow')).toBe('GET');
  expect(service.seen.length).toBe(before);
});

it('forwards published addresses to the reader without a token, dropping the visitor’s Authorization and forged internal headers', async () => {
  for (const [path, host] of [
    ['/sites/org-1/docs/guide?share_key=k', undefined],
    ['/guide', 'docs.example.com'],
  ] as const) {
    const res = await getWith(path, { ...auth, 'x-quire-principal': 'forged', 'x-quire-signature': 'forged', ...(host ? { host } : {}) });
    expect(res.status).toBe(200);
    const seen = service.seen.at(-1) as Seen;
    expect(seen.url).toBe(path);
    expect(seen.headers.authorization).toBeUndefined();
    const principal = verifyPrincipal(seen.headers['x-quire-principal'] as string, seen.headers['x-quire-signature'] as string, SECRET);
    expect(principal).toEqual(expect.objectContaining({ userId: '', tokenId: 'visitor' }));
    if (host) expect(seen.headers['x-forwarded-host']).toBe(host);
  }
  // `/v1` stays the API on a site's host: no token, no answer.
  expect((await getWith('/v1/user', { host: 'docs.example.com' })).status).toBe(401);
});

it('forwards a SCIM service request to identity without API-token authentication, keeping the connection’s bearer token', async () => {
  const res = await getWith('/scim/v2/conn-1/Users?filter=x', { authorization: 'Bearer qscim_not_an_api_token', 'x-quire-principal': 'forged' });
  expect(res.status).toBe(200);
  const seen = service.seen.at(-1) as Seen;
  expect(seen.url).toBe('/scim/v2/conn-1/Users?filter=x');
  expect(seen.headers.authorization).toBe('Bearer qscim_not_an_api_token');
  const principal = verifyPrincipal(seen.headers['x-quire-principal'] as string, seen.headers['x-quire-signature'] as string, SECRET);
  expect(principal).toEqual(expect.objectContaining({ userId: '', tokenId: 'scim' }));
  // A site's host keeps the path for the site (the reader); a malformed connection id is no SCIM request.
  await getWith('/scim/v2/conn-1/Users', { host: 'docs.example.com' });
  expect((service.seen.at(-1) as Seen).headers.authorization).toBeUndefined();
  expect((await getWith('/scim/v2/bad%20id/Users', {})).status).toBe(404);
});

it('lets resolvePublishedContentByUrl through without a token as a visitor, and checks a token when one is sent', async () => {
  const res = await fetch(`${base}/v1/urls/published?url=${encodeURIComponent('http://localhost:8080/sites/o/docs')}`);
  expect(res.status).toBe(200);
  const seen = service.seen.at(-1) as Seen;
  const principal = verifyPrincipal(seen.headers['x-quire-principal'] as string, seen.headers['x-quire-signature'] as string, SECRET);
  expect(principal).toEqual(expect.objectContaining({ userId: '', tokenId: 'visitor' }));
  const post = await fetch(`${base}/v1/urls/published`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"url":"http://x/"}' });
  expect(post.status).toBe(200);
  expect((await fetch(`${base}/v1/urls/published?url=x`, { headers: { authorization: 'Bearer qr_not_a_known_token' } })).status).toBe(401);
  // Only that route: its neighbours still want a token.
  expect((await fetch(`${base}/v1/orgs/o/sites`)).status).toBe(401);
});

/** A GET with headers fetch refuses to set (Host). */
function getWith(path: string, headers: Record<string, string>): Promise<{ status: number }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('forwarding headers (TRUSTED_PROXIES)', () => {
  const spoofed = { host: 'docs.a.test', 'x-forwarded-host': 'docs.b.test', 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' };

  it('replaces a client’s X-Forwarded-* from the socket and the Host when no proxy is trusted', async () => {
    for (const path of ['/guide', '/v1/user']) {
      const res = await requestWith(base, path, { ...spoofed, ...auth });
      expect(res.status).toBe(200);
      const seen = service.seen.at(-1) as Seen;
      expect([seen.headers['x-forwarded-for'], seen.headers['x-forwarded-host'], seen.headers['x-forwarded-proto']]).toEqual([
        '127.0.0.1',
        'docs.a.test',
        'http',
      ]);
      expect(res.headers.vary ?? '').not.toMatch(/x-forwarded-host/i);
    }
    // A forwarded host does not make Quire's own host a site's either.
    expect((await requestWith(base, '/guide', { host: 'localhost:8080', 'x-forwarded-host': 'docs.b.test' })).status).toBe(404);
  });

  it('keeps a trusted proxy’s headers, routes by its forwarded host and answers Vary: X-Forwarded-Host', async () => {
    const { server, url } = await startGateway(capturingLogger([]), false, ['127.0.0.0/8']);
    try {
      const res = await requestWith(url, '/guide', { ...spoofed, host: 'localhost:8080' });
      expect(res.status).toBe(200);
      const seen = service.seen.at(-1) as Seen;
      expect([seen.headers['x-forwarded-for'], seen.headers['x-forwarded-host'], seen.headers['x-forwarded-proto']]).toEqual([
        '6.6.6.6',
        'docs.b.test',
        'https',
      ]);
      expect(res.headers.vary).toMatch(/X-Forwarded-Host/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

/** A GET to `url` with headers fetch refuses to set (Host), answering the status and headers. */
function requestWith(url: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

it('answers HEAD errors without a body', async () => {
  const res = await fetch(`${base}/v1/user`, { method: 'HEAD' });
  expect(res.status).toBe(401);
  expect(await res.text()).toBe('');
});

it('serves health and metrics through express, without a token', async () => {
  const health = await fetch(`${base}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  await fetch(`${base}/v1/user`, { headers: auth });
  const metrics = await (await fetch(`${base}/metrics`)).text();
  expect(metrics).toMatch(/route="\/v1\/user"/);
});

it('refuses a body over the limit with 413 before anything is forwarded', async () => {
  const before = service.seen.length;
  const res = await fetch(`${base}/v1/orgs/org-1/spaces`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: 'x'.repeat(2048) });
  expect(res.status).toBe(413);
  expect(((await res.json()) as { error: { code: number } }).error.code).toBe(413);
  expect(service.seen.length).toBe(before);
});

/** The access line of the request with this id, once its answer is out. */
async function accessLineOf(id: string, lines: Record<string, unknown>[] = logged): Promise<Record<string, unknown> | undefined> {
  for (let i = 0; i < 50; i++) {
    const line = lines.find((l) => l.msg === 'access' && l.requestId === id);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 10));
  }
  return undefined;
}

describe('the access log (ACCESS_LOG)', () => {
  it.each([
    ['a forwarded request, with its caller', 'GET', '/v1/user?page=2', auth, 200, { principal: 'user-1' }],
    ['a request without a token', 'GET', '/v1/user', {}, 401, {}],
    ['a bad token, which is never written', 'GET', '/v1/user', { authorization: 'Bearer qr_not_a_known_token' }, 401, {}],
    ['an unknown route', 'GET', '/v1/no-such-thing', auth, 404, {}],
    ['a method the path does not have', 'DELETE', '/v1/user', auth, 405, {}],
    ['a forged download link, without its signature', 'GET', '/v1/file-downloads/rev-1/file-1?expires=1&signature=forgedSig', {}, 403, {}],
    ['a path served by express', 'GET', '/healthz', {}, 200, {}],
  ])('writes one line at info for %s', async (_what, method, path, headers, status, extra) => {
    const id = `req-${Math.random().toString(36).slice(2)}`;
    const res = await fetch(`${base}${path}`, { method, headers: { ...headers, 'x-request-id': id } });
    expect(res.status).toBe(status);
    await res.arrayBuffer();
    const line = await accessLineOf(id);
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      service: 'gateway',
      msg: 'access',
      requestId: id,
      method,
      path: path.replace('forgedSig', '[redacted]'),
      status,
      ms: expect.any(Number),
      ...extra,
    });
    expect(logged.filter((l) => l.requestId === id)).toHaveLength(1);
    expect(JSON.stringify(line)).not.toMatch(/qr_|forgedSig|[Aa]uthorization/);
  });

  it('is off with ACCESS_LOG=off, but for answers of 500 or more', async () => {
    const quiet: Record<string, unknown>[] = [];
    const off = await startGateway(capturingLogger(quiet), false);
    try {
      await (await fetch(`${off.url}/v1/user`, { headers: { 'x-request-id': 'quiet-401' } })).arrayBuffer();
      expect(await accessLineOf('quiet-401', quiet)).toBeUndefined();
    } finally {
      off.server.closeAllConnections();
      await new Promise<void>((r) => off.server.close(() => r()));
    }
  });
});

describe("GitBook's integrations platform, which Quire does not host", () => {
  it.each([
    ['GET', '/v1/integrations'],
    ['POST', '/v1/integrations/slack'],
    ['GET', '/v1/integrations/slack/installations/inst1/spaces'],
    ['GET', '/v1/orgs/org-1/integrations'],
    ['GET', '/v1/orgs/org-1/integrations/installations-status'],
    ['GET', '/v1/spaces/space-1/integrations'],
    ['GET', '/v1/spaces/space-1/integration-blocks'],
    ['GET', '/v1/orgs/org-1/sites/site-1/integrations'],
    ['GET', '/v1/orgs/org-1/sites/site-1/integration-scripts'],
  ])('answers %s %s with a JSON 404 that says so, with or without a token', async (method, path) => {
    const before = service.seen.length;
    for (const headers of [auth, {}]) {
      const res = await fetch(`${base}${path}`, { method, headers });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await res.json()) as { error: { code: number; message: string } };
      expect(body.error).toEqual({ code: 404, message: expect.stringMatching(/^Quire does not host integrations/) });
    }
    expect(service.seen.length).toBe(before);
  });

  it('leaves paths that only look alike to the route table', async () => {
    const res = await fetch(`${base}/v1/orgs/org-1/integrationsx`, { headers: auth });
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^No route/);
  });
});

describe('urls.app links', () => {
  it('open a page without a token: what the link names, its API address, the documentation', async () => {
    const res = await fetch(`${base}/o/org-1/s/space-1/~/changes/7`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain('This link names a change request in Quire');
    expect(html).toContain('href="/v1/spaces/space-1/change-requests/7"');
    expect(html).toContain('href="/docs"');
  });

  it('escape everything taken from the path', async () => {
    const org = await fetch(`${base}/o/%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
    expect(org.status).toBe(200);
    const orgHtml = await org.text();
    expect(orgHtml).not.toContain('<script');
    expect(orgHtml).toContain('Organization &#60;script&#62;alert(1)&#60;/script&#62;.');
    expect(orgHtml).toContain('href="/v1/orgs/%3Cscript%3Ealert(1)%3C%2Fscript%3E"');
    const page = await fetch(`${base}/o/org-1/s/%22onmouseover%3D%22x/a'b`);
    const pageHtml = await page.text();
    expect(pageHtml).not.toMatch(/"onmouseover|a'b/);
    expect(pageHtml).toContain('The page at &#34;a&#39;b&#34; in space &#34;onmouseover=&#34;x.');
    expect(pageHtml).toContain('href="/v1/spaces/%22onmouseover%3D%22x/content/pages"');
  });

  it('answer an address no presenter builds with a page too, as a 404, and other methods with the JSON 404', async () => {
    const unknown = await fetch(`${base}/o/org-1/nothing/here/a'b`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await unknown.text()).toMatch(/Quire knows no such address[\s\S]*here\/a&#39;b[\s\S]*href="\/docs"/);
    const posted = await fetch(`${base}/o/org-1`, { method: 'POST' });
    expect(posted.status).toBe(404);
    expect(posted.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
