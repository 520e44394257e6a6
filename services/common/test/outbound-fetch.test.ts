import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundAddressPolicy, OutboundError, OutboundFetcher } from '../src';

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
      if (req.url === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
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
});
