import { request as httpRequest, type Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pino from 'pino';
import { Counter, Registry } from 'prom-client';
import { MemoryCache, type Cache } from '@quire/platform/cache';
import { AnswerCache } from '../src/modules/answer-cache';
import { bumpOnSiteEvent, ResolutionCache } from '../src/modules/resolution-cache';
import { publishedContent, listenPublishedRoutes } from './published-content';

// The answer cache through the reader's HTTP face, sites and content faked: a cached answer costs one
// resolve and no other call; a new site version renders again; ETag and Last-Modified give 304s;
// gzip and brotli bodies are the HTML; a failing cache still serves the page.

const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
const documentJson = JSON.stringify({
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [text('Welcome to the handbook.')] }],
});
const page = { id: 'p1', title: 'Intro', path: 'intro', kind: 'document', hidden: false, parentId: '', order: 0, description: '', updatedAt: '', linkUrl: '' };

interface Fake {
  url: string;
  server: Server;
  calls: string[];
  state: { siteVersion: string; visibility: string; documentGate?: Promise<void> };
}

async function serve(cache: Cache = new MemoryCache(), options: { resolutions?: boolean } = {}): Promise<Fake> {
  const calls: string[] = [];
  const state: Fake['state'] = { siteVersion: 'v1', visibility: 'public' };
  const sites = {
    resolvePublishedUrl: async () => {
      calls.push('resolve');
      const content = publishedContent({ visibility: state.visibility, siteVersion: state.siteVersion, spaceIds: ['sp'] });
      return { outcome: 'content', content, refusedAudience: '' };
    },
    getPublishedSite: async () => {
      calls.push('site');
      return { found: true, profileJson: JSON.stringify({ site: { id: 's', title: 'Docs', visibility: state.visibility } }) };
    },
  };
  const contentPublished = {
    getPublishedPages: async () => {
      calls.push('pages');
      return { revisionId: 'r', pages: [page], createdAt: '', files: [] };
    },
    getPublishedPageDocument: async () => {
      calls.push('document');
      await state.documentGate;
      return { documentJson };
    },
  };
  const registers = [new Registry()];
  const counters = {
    hits: new Counter({ name: 'h', help: 'h', labelNames: ['kind'], registers }),
    misses: new Counter({ name: 'm', help: 'm', labelNames: ['kind'], registers }),
    errors: new Counter({ name: 'e', help: 'e', labelNames: ['op'], registers }),
  };
  const logger = pino({ level: 'silent' });
  const deps = {
    sites: () => sites,
    contentPublished: () => contentPublished,
    logger,
    publicUrl: 'http://localhost:8080',
    answerTimeoutMs: 2000,
    answers: new AnswerCache(cache, { ttlSeconds: 60, maxEntryBytes: 1_000_000, readTimeoutMs: 100 }, counters, logger),
    ...(options.resolutions
      ? {
          resolutions: new ResolutionCache(
            cache,
            { ttlSeconds: 60, generationTtlSeconds: 3600, readTimeoutMs: 100 },
            {
              lookups: new Counter({ name: 'rl', help: 'rl', labelNames: ['outcome'], registers }),
              errors: new Counter({ name: 're', help: 're', labelNames: ['op'], registers }),
            },
            logger,
          ),
        }
      : {}),
  };
  const { url, server } = await listenPublishedRoutes(deps);
  return { url: `${url}/sites/o/d/`, server, calls, state };
}

/** A raw request: the body as sent (not decoded), every header. */
function raw(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

let running: Server | undefined;
afterEach(() => running?.close());

it('renders once, then answers from the cache with one resolve and no other call', async () => {
  const fake = await serve();
  running = fake.server;
  const first = await raw(fake.url);
  expect(first.status).toBe(200);
  expect(first.headers['x-reader-cache']).toBe('miss');
  expect(fake.calls.sort()).toEqual(['document', 'pages', 'resolve', 'site']);
  fake.calls.length = 0;
  await new Promise((r) => setTimeout(r, 20)); // the entry is kept after the answer
  const second = await raw(fake.url);
  expect(second.status).toBe(200);
  expect(second.headers['x-reader-cache']).toBe('hit');
  expect(fake.calls).toEqual(['resolve']);
  expect(second.body.toString()).toBe(first.body.toString());
  expect(second.body.toString()).toContain('Welcome to the handbook.');
  expect(second.headers['etag']).toBe(first.headers['etag']);
  expect(second.headers['cache-control']).toBe('public, no-cache');
  expect(second.headers['vary']).toBe('Accept-Encoding, Cookie');
  expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
});

it('renders a page version once for 32 visitors asking at once, and keeps it once', async () => {
  const cache = new MemoryCache();
  let sets = 0;
  const counting: Cache = Object.assign(Object.create(cache) as Cache, {
    set: (...args: Parameters<Cache['set']>) => {
      sets += 1;
      return cache.set(...args);
    },
  });
  const fake = await serve(counting);
  running = fake.server;
  let open!: () => void;
  fake.state.documentGate = new Promise<void>((r) => (open = r));
  const answers = Array.from({ length: 32 }, () => raw(fake.url));
  // Every visitor is resolved (and so waiting on the render) before the document read answers.
  for (let i = 0; i < 200 && fake.calls.filter((c) => c === 'resolve').length < 32; i++) await new Promise((r) => setTimeout(r, 5));
  open();
  const served = await Promise.all(answers);
  expect(fake.calls.filter((c) => c === 'resolve')).toHaveLength(32);
  expect(fake.calls.filter((c) => c === 'document')).toHaveLength(1);
  expect(fake.calls.filter((c) => c === 'pages')).toHaveLength(1);
  for (const answer of served) {
    expect(answer.status).toBe(200);
    expect(answer.headers['x-reader-cache']).toBe('miss');
    expect(answer.body.toString()).toBe(served[0].body.toString());
  }
  expect(served[0].body.toString()).toContain('Welcome to the handbook.');
  await new Promise((r) => setTimeout(r, 20));
  expect(sets).toBe(1);
  fake.calls.length = 0;
  const next = await raw(fake.url);
  expect(next.headers['x-reader-cache']).toBe('hit');
  expect(fake.calls).toEqual(['resolve']);
});

it('renders again when the site version changes', async () => {
  const fake = await serve();
  running = fake.server;
  await raw(fake.url);
  await new Promise((r) => setTimeout(r, 20));
  fake.state.siteVersion = 'v2';
  fake.calls.length = 0;
  const after = await raw(fake.url);
  expect(after.headers['x-reader-cache']).toBe('miss');
  expect(fake.calls).toContain('document');
});

it('answers a conditional GET with 304 and no body, and HEAD with the headers only', async () => {
  const fake = await serve();
  running = fake.server;
  const first = await raw(fake.url, { 'accept-encoding': 'gzip' });
  const etag = first.headers['etag'] as string;
  expect(etag).toMatch(/^"[A-Za-z0-9_-]+-gzip"$/);
  expect(first.headers['last-modified']).toBeDefined();
  await new Promise((r) => setTimeout(r, 20));
  const again = await raw(fake.url, { 'if-none-match': etag, 'accept-encoding': 'br' });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
  expect(again.headers['etag']).toBe(etag.replace('-gzip', '-br'));
  const later = new Date(Date.parse(first.headers['last-modified'] as string) + 1000).toUTCString();
  const since = await raw(fake.url, { 'if-modified-since': later });
  expect(since.status).toBe(304);
  const stale = await raw(fake.url, { 'if-none-match': '"something-else"' });
  expect(stale.status).toBe(200);
  const head = await raw(fake.url, {}, 'HEAD');
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(Number(head.headers['content-length'])).toBe(stale.body.length);
});

it('sends gzip and brotli bodies that decode to the same HTML, from the cache too', async () => {
  const fake = await serve();
  running = fake.server;
  const plain = await raw(fake.url);
  expect(plain.headers['content-encoding']).toBeUndefined();
  const html = plain.body.toString('utf8');
  for (const [accept, decode] of [
    ['gzip', gunzipSync],
    ['br', brotliDecompressSync],
  ] as const) {
    const res = await raw(fake.url, { 'accept-encoding': accept });
    expect(res.headers['x-reader-cache']).toBe('hit');
    expect(res.headers['content-encoding']).toBe(accept);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(decode(res.body).toString('utf8')).toBe(html);
  }
});

it('serves restricted sites private, no-store', async () => {
  const fake = await serve();
  running = fake.server;
  fake.state.visibility = 'share-link';
  const res = await raw(fake.url);
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
});

it('renders every page when the cache is down', async () => {
  const down = { get: () => Promise.reject(new Error('redis is not connected')), set: () => Promise.reject(new Error('down')) } as unknown as Cache;
  const fake = await serve(down);
  running = fake.server;
  for (let i = 0; i < 2; i++) {
    const res = await raw(fake.url);
    expect(res.status).toBe(200);
    expect(res.headers['x-reader-cache']).toBe('miss');
    expect(res.body.toString()).toContain('Welcome to the handbook.');
  }
});

it('caches nothing when sites sends no site version', async () => {
  const fake = await serve();
  running = fake.server;
  fake.state.siteVersion = '';
  await raw(fake.url);
  await new Promise((r) => setTimeout(r, 20));
  fake.calls.length = 0;
  const res = await raw(fake.url);
  expect(res.headers['x-reader-cache']).toBeUndefined();
  expect(fake.calls).toContain('document');
});

it('serves a warm page of a public site to anonymous visitors with no call at all, until the site has an event', async () => {
  const cache = new MemoryCache();
  const fake = await serve(cache, { resolutions: true });
  running = fake.server;
  // The first request keeps the ids, the second the resolution with their generations.
  for (let i = 0; i < 2; i++) expect((await raw(fake.url)).status).toBe(200);
  fake.calls.length = 0;
  const warm = await raw(fake.url);
  expect(warm.status).toBe(200);
  expect(warm.headers['x-reader-cache']).toBe('hit');
  expect(fake.calls).toEqual([]);
  // A visitor with a credential always resolves through sites (a revoked key stops at once).
  expect((await raw(fake.url, { cookie: 'quire_share_key=k' })).status).toBe(200);
  expect((await raw(`${fake.url}?share_key=k`)).status).toBe(302);
  expect(fake.calls).toEqual(['resolve', 'resolve']);
  // An event about the site: the next anonymous request resolves again and sees the change.
  fake.calls.length = 0;
  fake.state.siteVersion = 'v2';
  await bumpOnSiteEvent({ cache, logger: pino({ level: 'silent' }) }, {
    id: 'e',
    type: 'site.updated',
    occurredAt: '',
    data: { organizationId: 'o', siteId: 's' },
  } as never);
  const after = await raw(fake.url);
  expect(after.headers['x-reader-cache']).toBe('miss');
  expect(fake.calls[0]).toBe('resolve');
});
