import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import express from 'express';
import { createLogger } from '@quire/platform/logger';
import { Forwarder } from '../src/proxy/forward';
import { UpstreamPool } from '../src/proxy/upstream-pool';

// Embedded mode's hop to a service in the same process: what the service sees, what the client gets,
// and the HTTP hop's timeout and abort rules, through the Forwarder as the gateway calls it.

const logger = createLogger('test', 'silent');
const OPTIONS = { probeIntervalMs: 60_000, resolveIntervalMs: 60_000 };

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

async function serve(handler: RequestListener): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  open.push({ close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A port nothing listens on: a request sent over HTTP there is a 503, so a 200 came in process. */
async function refusedUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((r) => server.close(() => r()));
  return url;
}

/** The gateway's forwarding alone, over a reader whose one copy is `listener`, at `url` for bodies. */
async function gatewayOver(listener: RequestListener, options: { timeoutMs?: number; url?: string; vary?: string[] } = {}): Promise<string> {
  const pool = UpstreamPool.fromSetting('reader', options.url ?? (await refusedUrl()), logger, OPTIONS, listener);
  const forwarder = new Forwarder(logger, { timeoutMs: options.timeoutMs ?? 2000 });
  return serve((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // As the gateway does before forwarding: its signed headers and the request id, on the request.
      req.headers['x-quire-principal'] = 'signed';
      req.headers['x-request-id'] = 'req-1';
      void forwarder.forward(pool, req, res, chunks.length ? Buffer.concat(chunks) : null, options.vary ?? []);
    });
  });
}

/** A raw request, for what fetch hides (HEAD bodies, cut connections). */
function request(url: string, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('a request without a body, to a service in this process', () => {
  it('reaches the listener with the forwarded headers, from loopback, and its answer reaches the client', async () => {
    let seen: IncomingMessage | undefined;
    const gateway = await gatewayOver(
      (req, res) => {
        seen = req;
        res.setHeader('x-request-id', String(req.headers['x-request-id']));
        res.setHeader('vary', 'Accept-Encoding');
        // A hop-by-hop header of the service's (it sets one while draining) stays on its hop.
        res.setHeader('connection', 'close');
        res.writeHead(201, { 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'] });
        res.end('hello');
      },
      { vary: ['X-Forwarded-Host'] },
    );
    const answer = await request(`${gateway}/sites/o/docs/page?x=1`);
    expect(answer).toMatchObject({ status: 201, body: 'hello' });
    expect(answer.headers).toMatchObject({
      'x-request-id': 'req-1',
      vary: 'Accept-Encoding, X-Forwarded-Host',
      'content-type': 'text/plain',
      'set-cookie': ['a=1', 'b=2'],
      connection: 'close', // the test's own agent: false; the service's value is not what closes it
    });
    expect(seen?.method).toBe('GET');
    expect(seen?.url).toBe('/sites/o/docs/page?x=1');
    expect(seen?.headers).toMatchObject({ 'x-quire-principal': 'signed', 'x-request-id': 'req-1', host: expect.any(String) });
    expect(seen?.headers.connection).toBeUndefined();
    expect(seen?.rawHeaders).toContain('x-quire-principal');
    expect(seen?.socket.remoteAddress).toBe('127.0.0.1');
  });

  it('keeps the client connection open when the service asks its hop to close', async () => {
    const gateway = await gatewayOver((_req, res) => {
      res.setHeader('connection', 'close');
      res.end('ok');
    });
    const agent = new http.Agent({ keepAlive: true });
    const once = () =>
      new Promise<{ connection: string | undefined; port: number | undefined }>((resolve, reject) => {
        const req = http.get(gateway, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ connection: res.headers.connection, port: req.socket?.localPort }));
        });
        req.on('error', reject);
      });
    const first = await once();
    const second = await once();
    agent.destroy();
    expect(first.connection).toBe('keep-alive');
    expect(second.port).toBe(first.port);
  });

  it('answers HEAD with the headers and no body, as the service decides', async () => {
    let method: string | undefined;
    const gateway = await gatewayOver((req, res) => {
      method = req.method;
      res.setHeader('content-length', '5');
      res.end('hello');
    });
    const answer = await request(gateway, 'HEAD');
    expect(method).toBe('HEAD');
    expect(answer).toMatchObject({ status: 200, body: '' });
    expect(answer.headers['content-length']).toBe('5');
  });

  it('is a 503 naming the service when the service is silent past the timeout; the service sees its connection closed', async () => {
    let serviceRes: ServerResponse | undefined;
    let serviceReqClosed = false;
    const gateway = await gatewayOver(
      (req, res) => {
        serviceRes = res;
        req.on('close', () => (serviceReqClosed = true));
      },
      { timeoutMs: 100 },
    );
    const answer = await request(gateway);
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 503, message: 'The reader service did not answer in time' } });
    await until(() => serviceReqClosed);
    expect(serviceRes?.destroyed).toBe(true);
    // Its late answer goes nowhere, and throws nothing.
    let finished = false;
    serviceRes?.on('finish', () => (finished = true));
    serviceRes?.end('late');
    await new Promise((r) => setTimeout(r, 20));
    expect(finished).toBe(false);
  });

  it('cuts the client off when a started answer stalls past the timeout', async () => {
    const gateway = await gatewayOver(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('part');
      },
      { timeoutMs: 150 },
    );
    await expect(request(gateway)).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
  });

  it('closes the service request and response when the client goes away', async () => {
    const events: string[] = [];
    let received!: () => void;
    const arrived = new Promise<void>((r) => (received = r));
    const gateway = await gatewayOver((req, res) => {
      req.on('close', () => events.push('request closed'));
      res.on('close', () => events.push(`response closed, finished ${res.writableFinished}`));
      received();
    });
    const client = http.get(gateway, { agent: false });
    client.on('error', () => undefined);
    await arrived;
    client.destroy();
    await until(() => events.length === 2);
    expect(events.sort()).toEqual(['request closed', 'response closed, finished false']);
  });

  it('streams a large answer with back-pressure, then finishes and closes the service response', async () => {
    const size = 8 * 1024 * 1024;
    const events: string[] = [];
    const gateway = await gatewayOver((_req, res) => {
      res.on('finish', () => events.push('finish'));
      res.on('close', () => events.push('close'));
      let sent = 0;
      Readable.from(
        (function* () {
          while (sent < size) {
            sent += 64 * 1024;
            yield Buffer.alloc(64 * 1024, 'x');
          }
        })(),
      ).pipe(res);
    });
    const answer = await fetch(gateway);
    expect((await answer.arrayBuffer()).byteLength).toBe(size);
    await until(() => events.length === 2);
    expect(events).toEqual(['finish', 'close']);
  });

  it('serves an express app (the services are), its errors included', async () => {
    const app = express();
    app.get('/json', (req, res) => void res.json({ host: req.hostname, ip: req.ip }));
    app.get('/missing', (_req, res) => void res.status(404).type('text/html').send('<p>none</p>'));
    const gateway = await gatewayOver(app as unknown as RequestListener);
    const json = await request(`${gateway}/json`);
    expect(json.status).toBe(200);
    expect(JSON.parse(json.body)).toEqual({ host: '127.0.0.1', ip: '127.0.0.1' });
    expect(json.headers['content-length']).toBe(String(Buffer.byteLength(json.body)));
    expect(await request(`${gateway}/missing`)).toMatchObject({ status: 404, body: '<p>none</p>' });
  });
});

describe('a request with a body, to a service in this process', () => {
  it('goes over HTTP to its port, not to the listener', async () => {
    const overHttp = await serve((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => res.end(`http:${body}`));
    });
    let inProcess = 0;
    const gateway = await gatewayOver(
      (_req, res) => {
        inProcess++;
        res.end('in process');
      },
      { url: overHttp },
    );
    const answer = await fetch(gateway, { method: 'POST', body: 'feedback' });
    expect(await answer.text()).toBe('http:feedback');
    expect(await (await fetch(gateway)).text()).toBe('in process');
    expect(inProcess).toBe(1);
  });
});
