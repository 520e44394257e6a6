import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import pino from 'pino';
import { Counter, Registry } from 'prom-client';
import { MemoryCache } from '@quire/platform/cache';
import { AnswerCache, RenderFlights } from '../src/modules/answer-cache';
import { publishedRoutes, type PublishedRoutesDeps } from '../src/modules/pages';
import { publishedContent } from './published-content';

// `llms-full.txt` of a large site, sites and content faked. Its markdown is read
// in batches (a few in flight, prefix answers asked again), it has 4× the answer timeout, and a
// render past even that runs once per key, however many ask, and is kept for the next request.

const PAGES = 450;
const idsOf = (count: number) => Array.from({ length: count }, (_, i) => `p${i}`);
const pageIds = idsOf(PAGES);

interface Fake {
  url: string;
  server: Server;
  answers: AnswerCache;
  /** Site renders started (each reads the site's profile once). */
  renders: number;
  /** Page ids of each markdown read, as asked. */
  reads: string[][];
  maxInFlight: number;
  /** While set, markdown reads wait for it. */
  gate?: Promise<void>;
  /** A read whose first page id is this fails at once. */
  failAt?: string;
}

async function serve(options: { answerTimeoutMs: number; pagesPerAnswer: number; pages?: number; markdownBytes?: number }): Promise<Fake> {
  const fake = { renders: 0, reads: [], maxInFlight: 0 } as unknown as Fake;
  let inFlight = 0;
  const sites = {
    resolvePublishedUrl: async () => ({
      outcome: 'content',
      refusedAudience: '',
      content: publishedContent({ siteVersion: 'v1' }),
    }),
    getPublishedSite: async () => {
      fake.renders += 1;
      const structure = {
        type: 'siteSpaces',
        structure: [{ id: 'ss', title: 'Docs', space: { id: 'sp' }, urls: { published: 'http://localhost:8080/sites/o/d/' } }],
      };
      return { found: true, profileJson: JSON.stringify({ site: { id: 's', title: 'Docs', visibility: 'public' }, structure }) };
    },
  };
  const contentPublished = {
    getPublishedPages: async () => ({
      revisionId: 'r',
      createdAt: '',
      files: [],
      pages: idsOf(options.pages ?? PAGES).map((id, order) => ({
        id,
        title: `Page ${id}`,
        path: id,
        kind: 'document',
        hidden: false,
        parentId: '',
        order,
        description: '',
        updatedAt: '',
        linkUrl: '',
      })),
    }),
    // Content answers a prefix of the ids asked (its byte bound), as the real one may.
    getPublishedPagesMarkdown: async ({ revisionId, pageIds: asked }: { revisionId: string; pageIds: string[] }) => {
      expect(revisionId).toBe('r');
      fake.reads.push(asked);
      if (asked[0] === fake.failAt) throw new Error('content down');
      inFlight += 1;
      fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
      try {
        await fake.gate;
        await new Promise((r) => setTimeout(r, 5));
        return {
          pages: asked.slice(0, options.pagesPerAnswer).map((pageId) => ({ pageId, markdown: `Text of ${pageId}.${'x'.repeat(options.markdownBytes ?? 0)}` })),
        };
      } finally {
        inFlight -= 1;
      }
    },
  };
  const registers = [new Registry()];
  const counters = {
    hits: new Counter({ name: 'h', help: 'h', labelNames: ['kind'], registers }),
    misses: new Counter({ name: 'm', help: 'm', labelNames: ['kind'], registers }),
    errors: new Counter({ name: 'e', help: 'e', labelNames: ['op'], registers }),
  };
  const logger = pino({ level: 'silent' });
  fake.answers = new AnswerCache(new MemoryCache(), { ttlSeconds: 60, maxEntryBytes: 10_000_000, readTimeoutMs: 100 }, counters, logger);
  const base = {
    sites: () => sites,
    contentPublished: () => contentPublished,
    logger,
    publicUrl: 'http://localhost:8080',
    answerTimeoutMs: options.answerTimeoutMs,
    answers: fake.answers,
  } as unknown as PublishedRoutesDeps;
  const app = express();
  app.use(publishedRoutes(base));
  fake.server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/sites/o/d/llms-full.txt`;
  return fake;
}

const titlesOf = (text: string) => [...text.matchAll(/^# Page (\S+)$/gm)].map((m) => m[1]);

let running: Server | undefined;
afterEach(() => running?.close());

it('reads the markdown in batches of 200 page ids, 4 at most in flight, asking again for what a prefix answer left', async () => {
  const fake = await serve({ answerTimeoutMs: 2000, pagesPerAnswer: 150 });
  running = fake.server;
  const res = await fetch(fake.url);
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(titlesOf(text)).toEqual(pageIds);
  expect(text).toContain('Source: http://localhost:8080/sites/o/d/p449.md\n\nText of p449.');
  // Batches of 200, 200, 50; each asked again from where content stopped (150 a call).
  expect(fake.reads.map((ids) => [ids[0], ids.length])).toEqual(
    expect.arrayContaining([
      ['p0', 200],
      ['p150', 50],
      ['p200', 200],
      ['p350', 50],
      ['p400', 50],
    ]),
  );
  expect(fake.reads).toHaveLength(5);
  expect(fake.maxInFlight).toBeLessThanOrEqual(4);
});

it('starts no read past the file’s byte cap (20 MB) and says how many pages were left out', async () => {
  // 2,000 pages of 21 KB: the cap is reached in the fifth batch of 200 (page 996).
  const fake = await serve({ answerTimeoutMs: 5000, pagesPerAnswer: 200, pages: 2000, markdownBytes: 21_000 });
  running = fake.server;
  const res = await fetch(fake.url);
  expect(res.status).toBe(200);
  const text = await res.text();
  const kept = titlesOf(text).length;
  expect(kept).toBeGreaterThan(900);
  expect(kept).toBeLessThan(1100);
  expect(text).toContain(`> ${2000 - kept} more pages left out (limits: 10,000 pages, 20 MB).`);
  // Batches 1–5 read, then at most the three started while they were taken: never the last two.
  expect(fake.reads.length).toBeLessThanOrEqual(8);
  expect(fake.reads.map((ids) => ids[0])).not.toContain('p1800');
});

it('answers 503 when a later read fails while an earlier one is still awaited, then renders again', async () => {
  const fake = await serve({ answerTimeoutMs: 2000, pagesPerAnswer: 200 });
  running = fake.server;
  fake.failAt = 'p200';
  fake.gate = new Promise((r) => setTimeout(r, 50));
  const failed = await fetch(fake.url);
  expect(failed.status).toBe(503);
  expect(fake.answers.flights.size).toBe(0);
  fake.failAt = undefined;
  const next = await fetch(fake.url);
  expect(next.status).toBe(200);
  expect(fake.renders).toBe(2);
});

it('gives llms-full.txt 4× the answer timeout', async () => {
  const fake = await serve({ answerTimeoutMs: 100, pagesPerAnswer: 200 });
  running = fake.server;
  // Slower than the answer timeout, well within four of them.
  fake.gate = new Promise((r) => setTimeout(r, 150));
  const res = await fetch(fake.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('x-reader-cache')).toBe('miss');
  expect(titlesOf(await res.text())).toHaveLength(PAGES);
});

it('renders a late llms-full.txt once for a crowd, keeps it when done, and the next request is a hit', async () => {
  const fake = await serve({ answerTimeoutMs: 25, pagesPerAnswer: 200 });
  running = fake.server;
  let open!: () => void;
  fake.gate = new Promise((r) => (open = r));
  const crowd = await Promise.all(Array.from({ length: 6 }, () => fetch(fake.url)));
  for (const res of crowd) {
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    await res.text();
  }
  expect(fake.renders).toBe(1);
  expect(fake.answers.flights.size).toBe(1);
  open();
  for (let i = 0; i < 100 && fake.answers.flights.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
  expect(fake.answers.flights.size).toBe(0);
  const next = await fetch(fake.url);
  expect(next.status).toBe(200);
  expect(next.headers.get('x-reader-cache')).toBe('hit');
  expect(titlesOf(await next.text())).toEqual(pageIds);
  expect(fake.renders).toBe(1);
});

describe('RenderFlights', () => {
  it('runs one render per key at a time, shares its result, and forgets it once settled', async () => {
    const flights = new RenderFlights();
    let started = 0;
    let finish!: (v: string) => void;
    const render = () => {
      started += 1;
      return new Promise<string>((r) => (finish = r));
    };
    const a = flights.join('k', render);
    const b = flights.join('k', render);
    const other = flights.join('other', async () => 'other');
    expect(flights.size).toBe(2);
    await Promise.resolve();
    expect(started).toBe(1);
    finish('done');
    expect(await a).toBe('done');
    expect(await b).toBe('done');
    expect(await other).toBe('other');
    expect(flights.size).toBe(0);
    expect(await flights.join('k', async () => 'again')).toBe('again');
  });

  it('forgets a failed render (the next join starts another) without an unhandled rejection', async () => {
    const flights = new RenderFlights();
    const failed = flights.join('k', async () => {
      throw new Error('content down');
    });
    await expect(failed).rejects.toThrow('content down');
    expect(flights.size).toBe(0);
    expect(await flights.join('k', async () => 'ok')).toBe('ok');
  });
});
