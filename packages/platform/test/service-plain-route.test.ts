import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { signPrincipal } from '@quire/access';
import { createServiceApp, finishServiceApp, Metrics, requestPath, serviceListener, type PlainRoute } from '../src/http';
import { createLogger } from '../src/logger';
import { currentActor } from '../src/outbox';

// A service's PlainRoute answers its requests before express, through the same shell: a request
// id, the signed principal (a 401 without it), the actor, metrics; the shell's own paths and
// every other request stay express's.

const SECRET = 'x'.repeat(32);
let base: string;
let server: Server;
const metrics = new Metrics('reader');
const signed = signPrincipal({ userId: 'u1', tokenId: 't1' }, SECRET);
const principalHeaders = { 'x-quire-principal': signed.principal, 'x-quire-signature': signed.signature };

beforeAll(async () => {
  const logger = createLogger('test', 'silent');
  const options = { service: 'reader' as const, logger, internalSecret: SECRET, metrics, readiness: {} };
  const app = createServiceApp(options);
  app.get('/{*any}', (req, res) => res.json({ by: 'express', path: req.path }));
  finishServiceApp(app, logger);
  const plain: PlainRoute = {
    metricsRoute: 'pages',
    matches: (req) => req.method === 'GET' && requestPath(req).startsWith('/pages/'),
    handle: (_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ by: 'plain', actor: currentActor() ?? null }));
    },
  };
  server = createServer(serviceListener(app, options, plain)).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((r) => server.close(r)));

it('answers its requests with the shell’s request id and the caller as actor', async () => {
  const res = await fetch(`${base}/pages/intro?x=1`, { headers: { ...principalHeaders, 'x-request-id': 'req-42' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-request-id')).toBe('req-42');
  expect(await res.json()).toEqual({ by: 'plain', actor: { type: 'user', id: 'u1', tokenId: 't1', source: 'api', correlationId: 'req-42' } });
  expect(await metrics.registry.getSingleMetricAsString('quire_http_requests_total')).toMatch(/method="GET",route="pages",status="200"/);
});

it('refuses a request without the gateway’s signed principal with the JSON 401, as express does', async () => {
  const plain = await fetch(`${base}/pages/intro`);
  const routed = await fetch(`${base}/elsewhere`);
  expect(plain.status).toBe(401);
  expect(plain.headers.get('x-request-id')).toEqual(expect.any(String));
  expect(await plain.json()).toEqual(await routed.json());
  expect(routed.status).toBe(401);
});

it('leaves the shell’s own paths and every other request to express', async () => {
  expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
  expect(await (await fetch(`${base}/elsewhere`, { headers: principalHeaders })).json()).toEqual({ by: 'express', path: '/elsewhere' });
  expect((await fetch(`${base}/pages/intro`, { method: 'POST', headers: principalHeaders })).status).toBe(404);
});
