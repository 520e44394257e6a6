import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundAddressPolicy, OutboundError, OutboundFetcher, redactCredentials } from '../src/outbound';

// SSRF rules are tested against loopback addresses only: a refused address is refused before any
// packet leaves, and the fixture server counts the connections it actually received.
describe('OutboundFetcher', () => {
  let server: Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/doc') return res.writeHead(200, { 'content-type': 'application/yaml' }).end('openapi: 3.0.0\n');
      if (req.url === '/to-other-loopback') return res.writeHead(302, { location: `http://127.0.0.2:${port}/doc` }).end();
      if (req.url === '/to-self') return res.writeHead(302, { location: '/doc' }).end();
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/big') return res.writeHead(200).end(Buffer.alloc(2048, 'x'));
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2000).unref();
      if (req.url === '/trickle') {
        // A part of the body at once, another 150 ms later, then nothing.
        res.writeHead(200).write('a');
        return void setTimeout(() => res.write('b'), 150).unref();
      }
      if (req.url === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (req.url === '/echo') return void echo(req, res);
      if (req.url === '/see-other') return res.writeHead(303, { location: '/echo' }).end();
      if (req.url === '/temporary') return res.writeHead(307, { location: '/echo' }).end();
      if (req.url === '/to-other-origin') return res.writeHead(302, { location: `http://127.0.0.2:${port}/echo` }).end();
      if (req.url === '/forbidden') return res.writeHead(403, { 'content-type': 'text/plain' }).end('no entry');
      res.writeHead(404).end('nope');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Answers what it received: method, authorization and body. */
  async function echo(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const seen = { method: req.method, authorization: req.headers.authorization ?? null, body: Buffer.concat(chunks).toString() };
    res.writeHead(200, { 'content-type': 'application/json', 'x-echo': 'yes' }).end(JSON.stringify(seen));
  }

  const fetcher = (allow: string[]) => new OutboundFetcher(new OutboundAddressPolicy(allow));
  const failure = async (promise: Promise<unknown>): Promise<OutboundError> => {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OutboundError);
    return err as OutboundError;
  };

  it('refuses loopback addresses and names that resolve to them before connecting, unless allow-listed', async () => {
    const before = connections;
    const strict = fetcher([]);
    expect((await failure(strict.fetch(`http://127.0.0.1:${port}/doc`))).kind).toBe('refused');
    expect((await failure(strict.fetch(`http://localhost:${port}/doc`))).kind).toBe('refused');
    expect((await failure(strict.fetch(`http://[::1]:${port}/doc`))).kind).toBe('refused');
    expect((await failure(strict.fetch(`http://[::ffff:127.0.0.1]:${port}/doc`))).kind).toBe('refused');
    expect(connections).toBe(before);
    await strict.close();

    const allowed = fetcher(['127.0.0.1']);
    const res = await allowed.fetch(`http://127.0.0.1:${port}/doc`);
    expect(res.body.toString()).toBe('openapi: 3.0.0\n');
    expect(res.contentType).toBe('application/yaml');
    await allowed.close();
  });

  it('refuses non-global IPv6 literals before connecting (imports, specs and Git remotes fetch through here)', async () => {
    const before = connections;
    const strict = fetcher([]);
    for (const host of ['[::7f00:1]', '[::127.0.0.2]', '[fec0::1]', '[64:ff9b:1::1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::1]', '[::ffff:7f00:1]']) {
      expect((await failure(strict.fetch(`http://${host}:${port}/doc`))).kind).toBe('refused');
    }
    expect(connections).toBe(before);
    await strict.close();
  });

  it('checks the target of every redirect', async () => {
    const allowed = fetcher(['127.0.0.1']);
    const before = connections;
    const err = await failure(allowed.fetch(`http://127.0.0.1:${port}/to-other-loopback`));
    expect(err.kind).toBe('refused');
    expect(err.message).toContain('127.0.0.2');
    expect(connections).toBe(before + 1); // only the allowed first hop connected
    expect((await allowed.fetch(`http://127.0.0.1:${port}/to-self`)).url).toBe(`http://127.0.0.1:${port}/doc`);
    expect((await failure(allowed.fetch(`http://127.0.0.1:${port}/loop`))).message).toMatch(/redirects/);
    expect((await failure(allowed.fetch(`http://127.0.0.1:${port}/to-file`))).kind).toBe('invalid-url');
    await allowed.close();
  });

  it('allows a CIDR range and a host name from the allow list', async () => {
    const byRange = fetcher(['127.0.0.0/8']);
    expect((await byRange.fetch(`http://127.0.0.2:${port}/doc`)).status).toBe(200);
    await byRange.close();
    const byName = fetcher(['localhost']);
    expect((await byName.fetch(`http://localhost:${port}/doc`)).status).toBe(200);
    await byName.close();
  });

  it('names HTTP errors, sizes, timeouts and bad URLs', async () => {
    const allowed = fetcher(['127.0.0.1']);
    const notFound = await failure(allowed.fetch(`http://127.0.0.1:${port}/missing`));
    expect([notFound.kind, notFound.status]).toEqual(['http', 404]);
    expect((await failure(allowed.fetch(`http://127.0.0.1:${port}/big`, { maxBytes: 1024 }))).kind).toBe('too-large');
    expect((await failure(allowed.fetch(`http://127.0.0.1:${port}/slow`, { timeoutMs: 200 }))).kind).toBe('timeout');
    expect((await failure(allowed.fetch('ftp://127.0.0.1/x'))).kind).toBe('invalid-url');
    expect((await failure(allowed.fetch('not a url'))).kind).toBe('invalid-url');
    await allowed.close();
  });

  it('fails a request that receives nothing for idleTimeoutMs, before its answer or within its body, long before timeoutMs', async () => {
    const allowed = fetcher(['127.0.0.1']);
    const started = Date.now();
    const silent = await failure(allowed.request(`http://127.0.0.1:${port}/slow`, { timeoutMs: 60_000, idleTimeoutMs: 300 }));
    expect([silent.kind, silent.message]).toEqual(['timeout', 'nothing received for 300 ms']);
    // Each piece of the body restarts the wait: 150 ms between the pieces pass, the silence after them does not.
    const stalled = await failure(allowed.request(`http://127.0.0.1:${port}/trickle`, { timeoutMs: 60_000, idleTimeoutMs: 400 }));
    expect([stalled.kind, stalled.message]).toEqual(['timeout', 'nothing received for 400 ms']);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await allowed.request(`http://127.0.0.1:${port}/doc`, { idleTimeoutMs: 300 })).status).toBe(200);
    await allowed.close();
  });

  describe('request', () => {
    const seen = (body: Buffer) => JSON.parse(body.toString()) as { method: string; authorization: string | null; body: string };

    it('sends any method with a Buffer or streamed body, and returns any status', async () => {
      const allowed = fetcher(['127.0.0.1']);
      const posted = await allowed.request(`http://127.0.0.1:${port}/echo`, {
        method: 'POST',
        body: Buffer.from('hello'),
        headers: { 'content-type': 'text/plain' },
      });
      expect([posted.status, posted.headers['x-echo'], seen(posted.body)]).toEqual([200, 'yes', { method: 'POST', authorization: null, body: 'hello' }]);
      async function* parts(): AsyncIterable<Uint8Array> {
        yield Buffer.from('str');
        yield Buffer.from('eamed');
      }
      expect(seen((await allowed.request(`http://127.0.0.1:${port}/echo`, { method: 'PUT', body: parts() })).body).body).toBe('streamed');
      const forbidden = await allowed.request(`http://127.0.0.1:${port}/forbidden`);
      expect([forbidden.status, forbidden.body.toString()]).toEqual([403, 'no entry']);
      await allowed.close();
    });

    it('follows redirects for GET by default, and returns them when told not to', async () => {
      const allowed = fetcher(['127.0.0.1']);
      expect((await allowed.request(`http://127.0.0.1:${port}/to-self`)).url).toBe(`http://127.0.0.1:${port}/doc`);
      const kept = await allowed.request(`http://127.0.0.1:${port}/to-self`, { followRedirects: false });
      expect([kept.status, kept.headers.location]).toEqual([302, '/doc']);
      // A POST is not followed unless asked; a 303 turns it into a GET, a 307 sends the same body again.
      expect((await allowed.request(`http://127.0.0.1:${port}/see-other`, { method: 'POST', body: Buffer.from('x') })).status).toBe(303);
      const seeOther = await allowed.request(`http://127.0.0.1:${port}/see-other`, { method: 'POST', body: Buffer.from('x'), followRedirects: true });
      expect(seen(seeOther.body)).toMatchObject({ method: 'GET', body: '' });
      const temporary = await allowed.request(`http://127.0.0.1:${port}/temporary`, { method: 'POST', body: Buffer.from('again'), followRedirects: true });
      expect(seen(temporary.body)).toMatchObject({ method: 'POST', body: 'again' });
      async function* once(): AsyncIterable<Uint8Array> {
        yield Buffer.from('once');
      }
      const streamed = await failure(allowed.request(`http://127.0.0.1:${port}/temporary`, { method: 'POST', body: once(), followRedirects: true }));
      expect([streamed.kind, streamed.status]).toEqual(['http', 307]);
      await allowed.close();
    });

    it('sends URL credentials as Basic auth to their origin only, and never shows them', async () => {
      const allowed = fetcher(['127.0.0.0/8']);
      const res = await allowed.request(`http://bot:s3cr%40t@127.0.0.1:${port}/echo`);
      expect(seen(res.body).authorization).toBe(`Basic ${Buffer.from('bot:s3cr@t').toString('base64')}`);
      expect(res.url).toBe(`http://127.0.0.1:${port}/echo`);
      const elsewhere = await allowed.request(`http://bot:s3cret@127.0.0.1:${port}/to-other-origin`);
      expect([elsewhere.url, seen(elsewhere.body).authorization]).toEqual([`http://127.0.0.2:${port}/echo`, null]);
      await allowed.close();

      const strict = fetcher([]);
      const refused = await failure(strict.request(`http://bot:s3cret@127.0.0.1:${port}/echo`));
      expect(refused.kind).toBe('refused');
      expect(refused.message).not.toContain('s3cret');
      await strict.close();
      expect(redactCredentials('cannot reach https://bot:s3cret@git.example.com/a.git')).toBe('cannot reach https://***@git.example.com/a.git');
    });
  });
});
