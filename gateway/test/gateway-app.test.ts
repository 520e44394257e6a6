import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createLogger, MemoryCache, Metrics, SERVICE_NAMES, verifyPrincipal, type IdentityClient, type ServiceName } from '@quire/common';
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

beforeAll(async () => {
  service = await upstream();
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
    },
    { cache: new MemoryCache(), identity: () => identity, logger: createLogger('test', 'silent'), metrics: new Metrics('gateway-app-test'), readiness: {} },
  );
  gateway = await listen(handler, 0, '127.0.0.1');
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
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
