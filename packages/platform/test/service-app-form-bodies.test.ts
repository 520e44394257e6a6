import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { signPrincipal } from '@quire/access';
import { createServiceApp, finishServiceApp, Metrics } from '../src/http';
import { createLogger } from '../src/logger';

const SECRET = 'x'.repeat(32);
const servers: Server[] = [];

/** A service app echoing what its route received; `formBodies` as given. */
async function serve(formBodies: boolean): Promise<string> {
  const logger = createLogger('test', 'silent');
  const app = createServiceApp({ service: 'reader', logger, internalSecret: SECRET, metrics: new Metrics('reader'), readiness: {}, formBodies });
  app.post('/echo', express.urlencoded({ extended: false, limit: '1kb' }), (req, res) => res.json({ body: req.body ?? null }));
  finishServiceApp(app, logger);
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function post(base: string, contentType: string, body: string) {
  const signed = signPrincipal({ userId: 'visitor', tokenId: 'visitor' }, SECRET);
  const res = await fetch(`${base}/echo`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-quire-principal': signed.principal, 'x-quire-signature': signed.signature },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

describe('form bodies', () => {
  it('are a 415 by default, JSON still parsed', async () => {
    const base = await serve(false);
    expect((await post(base, 'application/x-www-form-urlencoded', 'comment=hi')).status).toBe(415);
    expect(await post(base, 'application/json', '{"comment":"hi"}')).toEqual({ status: 200, body: { body: { comment: 'hi' } } });
  });

  it('reach the routes unparsed with formBodies (the reader), other types still refused', async () => {
    const base = await serve(true);
    expect(await post(base, 'application/x-www-form-urlencoded', 'comment=hi')).toEqual({ status: 200, body: { body: { comment: 'hi' } } });
    expect((await post(base, 'text/plain', 'comment=hi')).status).toBe(415);
    expect(await post(base, 'application/json', '{"comment":"hi"}')).toEqual({ status: 200, body: { body: { comment: 'hi' } } });
  });
});
