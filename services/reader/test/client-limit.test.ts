import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import pino from 'pino';
import { MemoryCache, RateLimiter } from '@quire/platform/cache';
import { clientAddressOf } from '@quire/platform/http';
import { answerWithin, clientLimit } from '../src/modules/limits';
import { mcpRoutes, type McpRoutesDeps } from '../src/modules/machine-readable';
import { publishedRoutes, type PublishedRoutesDeps } from '../src/modules/pages';

// The reader's own limit per client address (READER_RATE_LIMIT_PER_MINUTE), counted
// in the shared cache, on pages (429 HTML page) and on the MCP server (429 JSON-RPC error), both
// with Retry-After; the client is the gateway's last x-forwarded-for hop, never one the client wrote.

const LIMIT = 3;

async function serve(cache = new MemoryCache()): Promise<{ url: string; server: Server }> {
  const logger = pino({ level: 'silent' });
  const deps = {
    // No site anywhere: every page is the 404 page, every MCP address a JSON-RPC 404.
    sites: () => ({ resolvePublishedUrl: async () => ({ outcome: 'not-found' }) }),
    contentPublished: () => ({}),
    logger,
    publicUrl: 'http://localhost:8080',
    answerTimeoutMs: 2000,
    limit: clientLimit(new RateLimiter(cache, logger, LIMIT)),
  };
  const app = express();
  app.use(express.json());
  app.use(mcpRoutes(deps as unknown as McpRoutesDeps));
  app.use(publishedRoutes(deps as unknown as PublishedRoutesDeps));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const from = (address: string, spoofed = '') => ({ 'x-forwarded-for': spoofed ? `${spoofed}, ${address}` : address });

describe('the reader’s limit per client address', () => {
  let url: string;
  let server: Server;
  beforeAll(async () => ({ url, server } = await serve()));
  afterAll(() => server.close());

  it('answers a 429 HTML page with Retry-After and the page headers past the limit, per address', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await fetch(`${url}/sites/o/d/p${i}`, { headers: from('203.0.113.1') })).status).toBe(404);
    const refused = await fetch(`${url}/sites/o/d/`, { headers: from('203.0.113.1') });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(refused.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    expect(await refused.text()).toContain('<h1>Too many requests</h1>');
    // Another address has its own window.
    expect((await fetch(`${url}/sites/o/d/`, { headers: from('203.0.113.2') })).status).toBe(404);
  });

  it('counts the address the gateway appended, whatever earlier hops the client sent', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await fetch(`${url}/sites/o/d/`, { headers: from('203.0.113.3', `10.0.0.${i}`) })).status).toBe(404);
    expect((await fetch(`${url}/sites/o/d/`, { headers: from('203.0.113.3', '10.9.9.9') })).status).toBe(429);
  });

  it('answers a JSON-RPC 429 with Retry-After on the MCP server, in the same window as the pages', async () => {
    const post = () =>
      fetch(`${url}/sites/o/d/~gitbook/mcp`, {
        method: 'POST',
        headers: { ...from('203.0.113.4'), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    for (let i = 0; i < LIMIT - 1; i++) expect((await post()).status).toBe(404);
    expect((await fetch(`${url}/sites/o/d/`, { headers: from('203.0.113.4') })).status).toBe(404);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(/^Too many requests/) }, id: null });
  });
});

it('shares one window between copies of the reader that share the cache (Redis in distributed mode)', async () => {
  const cache = new MemoryCache();
  const copies = [await serve(cache), await serve(cache)];
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT; i++) statuses.push((await fetch(`${copies[i % 2]!.url}/sites/o/d/`, { headers: from('203.0.113.9') })).status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LIMIT);
  } finally {
    for (const copy of copies) copy.server.close();
  }
});

describe('clientAddressOf', () => {
  const req = (forwarded: string | undefined, remote = '127.0.0.1') =>
    ({ headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }, socket: { remoteAddress: remote } }) as never;
  it('is the last forwarded hop, else the socket peer, without the IPv4-mapped prefix', () => {
    expect(clientAddressOf(req('1.2.3.4, 5.6.7.8'))).toBe('5.6.7.8');
    expect(clientAddressOf(req('::ffff:9.9.9.9'))).toBe('9.9.9.9');
    expect(clientAddressOf(req(undefined, '::ffff:127.0.0.1'))).toBe('127.0.0.1');
  });
});

describe('answerWithin', () => {
  it('answers the work when it is in time, the late answer when not, and clears its timer', async () => {
    expect(await answerWithin(Promise.resolve('work'), 1000, () => 'late')).toBe('work');
    const started = Date.now();
    expect(await answerWithin(new Promise<string>(() => undefined), 50, () => 'late')).toBe('late');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
