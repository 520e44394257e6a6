import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@quire/platform/logger';
import { Forwarder } from '../src/proxy/forward';
import { UpstreamPool } from '../src/proxy/upstream-pool';

// The gateway's balancing and failover over several copies of a service, against real sockets.

const logger = createLogger('test', 'silent');
const OPTIONS = { probeIntervalMs: 60_000, resolveIntervalMs: 60_000 };

interface Copy {
  url: string;
  hits: string[];
  server: http.Server;
}

/** A copy of a service; `answer` may destroy the socket to play a copy that dies mid-request. */
async function copy(
  name: string,
  answer: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void = (_q, s, b) => s.end(`${name}:${b}`),
): Promise<Copy> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hits.push(`${req.method} ${body}`);
      answer(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

/** A port nothing listens on: connections are refused. */
async function refusedUrl(): Promise<string> {
  const c = await copy('gone');
  await new Promise<void>((r) => c.server.close(() => r()));
  return c.url;
}

/** The gateway's forwarding alone, as a server. */
async function gatewayFor(pool: UpstreamPool, { timeoutMs = 2000, vary = [] as string[] } = {}): Promise<{ url: string; close(): Promise<void> }> {
  const forwarder = new Forwarder(logger, { timeoutMs });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void forwarder.forward(pool, req, res, chunks.length ? Buffer.concat(chunks) : null, vary));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});
const track = (c: Copy) => (open.push({ close: () => new Promise<void>((r) => (c.server.closeAllConnections(), c.server.close(() => r()))) }), c);

describe('UpstreamPool', () => {
  it('prefers the copy with fewer requests in flight, and copies that are up', () => {
    const pool = UpstreamPool.fromSetting('content', 'http://10.0.0.1:1,http://10.0.0.2:1', logger, OPTIONS);
    const a = pool.pick()!;
    a.pending = 3;
    expect(pool.pick()?.key).toBe('10.0.0.2:1');
    pool.markDown(pool.pick()!, 'test');
    expect(pool.pick()?.key).toBe('10.0.0.1:1');
    pool.markDown(a, 'test');
    // Every copy down: still a copy to try rather than a certain 503.
    expect(pool.pick()).toBeDefined();
    expect(pool.pick(a)?.key).toBe('10.0.0.2:1');
  });

  it('spreads requests evenly over idle copies', () => {
    const pool = UpstreamPool.fromSetting('content', 'http://10.0.0.1:1,http://10.0.0.2:1,http://10.0.0.3:1', logger, OPTIONS);
    const picks = Array.from({ length: 9 }, () => pool.pick()!.key);
    expect(new Set(picks).size).toBe(3);
    for (const key of new Set(picks)) expect(picks.filter((p) => p === key)).toHaveLength(3);
  });
});

describe('Forwarder', () => {
  it('sends a POST to another copy when the first refused the connection, once', async () => {
    const live = track(await copy('b'));
    const pool = UpstreamPool.fromSetting('content', `${await refusedUrl()},${live.url}`, logger, OPTIONS);
    const gateway = await gatewayFor(pool);
    open.push(gateway);
    for (let i = 0; i < 4; i++) {
      const res = await fetch(gateway.url + '/v1/x', { method: 'POST', body: `n${i}` });
      expect(await res.text()).toBe(`b:n${i}`);
    }
    expect(live.hits).toEqual(['POST n0', 'POST n1', 'POST n2', 'POST n3']);
  });

  it('never sends a POST twice when the copy that received it died: 503 naming the service', async () => {
    const dying = track(await copy('a', (req) => req.socket.destroy()));
    const live = track(await copy('b'));
    const pool = UpstreamPool.fromSetting('content', `${dying.url},${live.url}`, logger, OPTIONS);
    // Only the dying copy is in rotation, so it receives the request.
    const liveKey = `127.0.0.1:${new URL(live.url).port}`;
    const picks = [pool.pick()!, pool.pick()!];
    pool.markDown(
      picks.find((u) => u.key === liveKey)!,
      'test',
    );
    const gateway = await gatewayFor(pool);
    open.push(gateway);
    const res = await fetch(gateway.url + '/v1/x', { method: 'POST', body: 'once' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: { code: 503, message: 'The content service is unavailable; try again shortly' } });
    expect(dying.hits).toEqual(['POST once']);
    expect(live.hits).toEqual([]);
  });

  it('sends a GET again to another copy when the copy that received it died', async () => {
    const dying = track(await copy('a', (req) => req.socket.destroy()));
    const live = track(await copy('b'));
    const pool = UpstreamPool.fromSetting('content', `${dying.url},${live.url}`, logger, OPTIONS);
    const gateway = await gatewayFor(pool);
    open.push(gateway);
    for (let i = 0; i < 4; i++) {
      const res = await fetch(gateway.url + '/v1/x');
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('b:');
    }
    expect(dying.hits.length).toBeGreaterThan(0);
  });

  it('answers 503 "did not answer in time" for a copy slower than the timeout, and sends the GET nowhere else', async () => {
    const slow = track(await copy('a', (_q, res) => setTimeout(() => res.end('late'), 1500)));
    const other = track(await copy('b'));
    const pool = UpstreamPool.fromSetting('content', slow.url, logger, OPTIONS);
    const gateway = await gatewayFor(pool, { timeoutMs: 300 });
    open.push(gateway);
    const res = await fetch(gateway.url + '/v1/x');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ error: { code: 503, message: 'The content service did not answer in time' } });
    expect(slow.hits).toEqual(['GET ']);
    expect(other.hits).toEqual([]);
  });

  it('stops the request upstream when the client goes away', async () => {
    let upstreamClosed!: () => void;
    const closedUpstream = new Promise<void>((r) => (upstreamClosed = r));
    // Answers headers, then never ends: the client leaves mid-answer.
    const endless = track(
      await copy('a', (_q, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first');
        res.on('close', () => upstreamClosed());
      }),
    );
    const gateway = await gatewayFor(UpstreamPool.fromSetting('content', endless.url, logger, OPTIONS));
    open.push(gateway);
    const aborter = new AbortController();
    const res = await fetch(gateway.url + '/v1/x', { signal: aborter.signal });
    expect(res.status).toBe(200);
    aborter.abort();
    await closedUpstream;
    expect(endless.hits).toEqual(['GET ']);
  });

  it('streams a large answer whole, keeps every Set-Cookie, drops hop-by-hop headers and adds to Vary', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024, 'q');
    const service = track(
      await copy('a', (_q, res) => {
        res.writeHead(
          200,
          [
            ['content-type', 'application/octet-stream'],
            ['content-length', String(big.length)],
            ['set-cookie', 'a=1'],
            ['set-cookie', 'b=2'],
            ['vary', 'Accept'],
            ['proxy-connection', 'keep-alive'],
          ].flat(),
        );
        res.end(big);
      }),
    );
    const gateway = await gatewayFor(UpstreamPool.fromSetting('content', service.url, logger, OPTIONS), { vary: ['X-Forwarded-Host'] });
    open.push(gateway);
    const res = await fetch(gateway.url + '/v1/x');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(res.headers.get('vary')).toBe('Accept, X-Forwarded-Host');
    expect(res.headers.get('proxy-connection')).toBeNull();
    const received = Buffer.from(await res.arrayBuffer());
    expect(received.length).toBe(big.length);
    expect(received.equals(big)).toBe(true);
  });

  it('answers HEAD with the service’s headers and no body', async () => {
    const service = track(await copy('a', (_q, res) => res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '11' }).end()));
    const gateway = await gatewayFor(UpstreamPool.fromSetting('content', service.url, logger, OPTIONS));
    open.push(gateway);
    const res = await fetch(gateway.url + '/v1/x', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('11');
    expect(await res.text()).toBe('');
    expect(service.hits).toEqual(['HEAD ']);
  });

  it('forwards a request with Expect: 100-continue and its body once', async () => {
    const service = track(await copy('a'));
    const gateway = await gatewayFor(UpstreamPool.fromSetting('content', service.url, logger, OPTIONS));
    open.push(gateway);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(gateway.url + '/v1/x', { method: 'PUT', headers: { expect: '100-continue', 'content-length': '4' } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('continue', () => req.end('body'));
      req.on('error', reject);
    });
    expect(answer).toEqual({ status: 200, body: 'a:body' });
    expect(service.hits).toEqual(['PUT body']);
  });

  it('refuses with a 400, and marks no copy down, a request undici will not send (a path Node let in but HTTP does not allow)', async () => {
    const service = track(await copy('a'));
    const pool = UpstreamPool.fromSetting('content', service.url, logger, OPTIONS);
    const forwarder = new Forwarder(logger, { timeoutMs: 2000 });
    const outcome = new Promise<unknown>((resolve) => {
      const server = http.createServer((req, res) => {
        req.url = '/v1/a b';
        forwarder.forward(pool, req, res, null).then(
          () => resolve('forwarded'),
          (err: unknown) => (resolve(err), res.end()),
        );
      });
      server.listen(0, '127.0.0.1', () => void fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/x`).then((r) => r.text()));
      open.push({ close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) });
    });
    expect(await outcome).toMatchObject({ code: 400, message: 'This request cannot be forwarded: invalid request path' });
    expect(pool.pick()!.up).toBe(true);
    expect(service.hits).toEqual([]);
  });
});
