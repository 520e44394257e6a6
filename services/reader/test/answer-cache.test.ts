import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pino from 'pino';
import { Counter, Registry } from 'prom-client';
import { MemoryCache, type Cache } from '@quire/platform/cache';
import {
  AnswerCache,
  answerCacheKey,
  chooseCoding,
  encodeBody,
  isNotModified,
  representationOf,
  type CachedAnswer,
  type ResolvedAddress,
} from '../src/modules/answer-cache';
import { parseCachedAnswer, serializeCachedAnswer } from '../src/modules/answer-cache/domain/cached-answer';

// The answer cache's key carries every input of a rendering, its entries round-trip
// with their compressed bodies, and a cache that fails or is slow is a miss, never an error.

const address: ResolvedAddress = {
  site: 'site1',
  siteVersion: 'v1',
  siteSection: '',
  siteSpace: 'ss1',
  space: 'sp1',
  revision: 'r1',
  pathname: 'guides/install',
  basePath: '/sites/o/docs/',
  siteBasePath: '/sites/o/docs/',
  canonicalUrl: 'https://docs.example.com/guides/install',
  visibility: 'public',
};

describe('answerCacheKey', () => {
  const key = answerCacheKey(address, 'page') as string;

  it('names the site and is the same for the same inputs (credentials are not inputs)', () => {
    expect(key).toMatch(/^reader:answer:v1:site1:[A-Za-z0-9_-]{43}$/);
    expect(answerCacheKey({ ...address, apiToken: 'other', shareKey: 'k' } as ResolvedAddress, 'page')).toBe(key);
  });

  it('gives one address object its key of each kind, the same when asked again', () => {
    const kept = { ...address };
    expect(answerCacheKey(kept, 'page')).toBe(key);
    expect(answerCacheKey(kept, 'markdown')).not.toBe(key);
    expect(answerCacheKey(kept, 'markdown')).toBe(answerCacheKey({ ...address }, 'markdown'));
    expect(answerCacheKey(kept, 'page')).toBe(key);
  });

  it('is none without a site version: nothing is cached', () => {
    expect(answerCacheKey({ ...address, siteVersion: '' }, 'page')).toBeNull();
  });

  it.each(Object.keys(address).filter((f) => f !== 'site'))('changes with %s', (field) => {
    expect(answerCacheKey({ ...address, [field]: `${String(address[field as keyof ResolvedAddress])}-changed` }, 'page')).not.toBe(key);
  });

  it('differs per answer kind', () => {
    const keys = (['page', 'markdown', 'llms', 'llms-full', 'sitemap'] as const).map((kind) => answerCacheKey(address, kind));
    expect(new Set(keys).size).toBe(5);
  });
});

describe('encoded bodies', () => {
  const html = `<!doctype html><p>${'Hello, reader. '.repeat(200)}</p>`;

  it('compresses a body once in gzip and brotli, both decoding to it, under one hash', async () => {
    const body = await encodeBody(html);
    expect(gunzipSync(body.gzip!).toString('utf8')).toBe(html);
    expect(brotliDecompressSync(body.br!).toString('utf8')).toBe(html);
    expect(representationOf(body, 'identity').bytes.toString('utf8')).toBe(html);
    expect(representationOf(body, 'identity').etag).toBe(`"${body.hash}"`);
    // Inflated once, then kept on the body: a kept entry serves clients without Accept-Encoding for free.
    expect(representationOf(body, 'identity').bytes).toBe(representationOf(body, 'identity').bytes);
    expect(representationOf(body, 'gzip').etag).toBe(`"${body.hash}-gzip"`);
    expect(representationOf(body, 'br').etag).toBe(`"${body.hash}-br"`);
    expect((await encodeBody(`${html}!`)).hash).not.toBe(body.hash);
  });

  it('keeps a short body as it is', async () => {
    const body = await encodeBody('short');
    expect(body.gzip).toBeUndefined();
    expect(chooseCoding('br, gzip', body)).toBe('identity');
    expect(representationOf(body, 'identity').bytes.toString()).toBe('short');
  });

  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['deflate', 'identity'],
    ['BR', 'br'],
  ])('Accept-Encoding %p → %s', async (header, coding) => {
    expect(chooseCoding(header, await encodeBody(html))).toBe(coding);
  });

  it('answers 304 to If-None-Match naming the body in any coding, and to If-Modified-Since without it', async () => {
    const body = await encodeBody(html);
    const at = Date.parse('2026-03-01T10:00:00.700Z');
    expect(isNotModified({ ifNoneMatch: `"${body.hash}"` }, body, at)).toBe(true);
    expect(isNotModified({ ifNoneMatch: `"x", W/"${body.hash}-gzip"` }, body, at)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '*' }, body, at)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"other"', ifModifiedSince: new Date(at + 60_000).toUTCString() }, body, at)).toBe(false);
    expect(isNotModified({ ifModifiedSince: new Date(at + 1000).toUTCString() }, body, at)).toBe(true);
    // Its own second is not enough: an answer rendered again in that second would pass for it.
    expect(isNotModified({ ifModifiedSince: new Date(at).toUTCString() }, body, at)).toBe(false);
    expect(isNotModified({ ifModifiedSince: new Date(at - 1000).toUTCString() }, body, at)).toBe(false);
    expect(isNotModified({ ifModifiedSince: 'not a date' }, body, at)).toBe(false);
    expect(isNotModified({ ifModifiedSince: new Date(at).toUTCString() }, body, undefined)).toBe(false);
    expect(isNotModified({}, body, at)).toBe(false);
  });
});

async function entry(text = `<p>${'x'.repeat(3000)}</p>`): Promise<CachedAnswer> {
  return {
    contentType: 'text/html; charset=utf-8',
    stylesheet: 'body{}',
    restricted: false,
    noindex: false,
    renderedAt: 1_700_000_000_000,
    visit: { kind: 'page_view', revision: 'r1', page: 'p1' },
    body: await encodeBody(text),
  };
}

describe('cached entries', () => {
  it('round-trip with their compressed bodies', async () => {
    const e = await entry();
    const back = parseCachedAnswer(serializeCachedAnswer(e))!;
    expect(back).toEqual(e);
    const short = await entry('tiny');
    expect(parseCachedAnswer(serializeCachedAnswer(short))).toEqual(short);
  });

  it.each(['', 'not json', '{}', '{"v":2,"contentType":"x","body":{"hash":"h","identity":""}}', '{"v":1,"contentType":"x","body":{"hash":"h"}}'])(
    'reads %p as no entry',
    (text) => {
      expect(parseCachedAnswer(text)).toBeNull();
    },
  );
});

describe('AnswerCache', () => {
  function build(cache: Cache, settings: Partial<ConstructorParameters<typeof AnswerCache>[1]> = {}) {
    const registers = [new Registry()];
    const counters = {
      hits: new Counter({ name: 'h', help: 'h', labelNames: ['kind'], registers }),
      misses: new Counter({ name: 'm', help: 'm', labelNames: ['kind'], registers }),
      errors: new Counter({ name: 'e', help: 'e', labelNames: ['op'], registers }),
    };
    const answers = new AnswerCache(cache, { ttlSeconds: 60, maxEntryBytes: 1_000_000, readTimeoutMs: 50, ...settings }, counters, pino({ level: 'silent' }));
    const count = async (c: Counter<string>) => (await c.get()).values.reduce((n, v) => n + v.value, 0);
    return { answers, hits: () => count(counters.hits), misses: () => count(counters.misses), errors: () => count(counters.errors) };
  }

  it('misses, keeps, then hits, counting both', async () => {
    const { answers, hits, misses } = build(new MemoryCache());
    const e = await entry();
    expect(await answers.get('k', 'page')).toBeNull();
    expect(await answers.set('k', e)).toBe(true);
    expect(await answers.get('k', 'page')).toEqual(e);
    expect([await hits(), await misses()]).toEqual([1, 1]);
  });

  it('does not keep an entry over its size cap', async () => {
    const { answers } = build(new MemoryCache(), { maxEntryBytes: 2000 });
    // Hex does not compress below the cap.
    expect(await answers.set('k', await entry(randomBytes(2000).toString('hex')))).toBe(false);
    expect(await answers.get('k', 'page')).toBeNull();
  });

  it('keeps a whole-site answer up to its size factor times the cap', async () => {
    const { answers } = build(new MemoryCache(), { maxEntryBytes: 4000 });
    const large = await entry(randomBytes(2000).toString('hex'));
    expect(await answers.set('k', large)).toBe(false);
    expect(await answers.set('k', large, 4)).toBe(true);
    expect(await answers.get('k', 'llms-full')).toEqual(large);
  });

  it('keeps entries for the TTL only', async () => {
    let now = 0;
    const cache = new MemoryCache(() => now);
    const { answers } = build(cache, { ttlSeconds: 10 });
    await answers.set('k', await entry());
    now = 9_999;
    expect(await answers.get('k', 'page')).not.toBeNull();
    now = 10_000;
    expect(await answers.get('k', 'page')).toBeNull();
  });

  it('is a miss, never an error, when the cache fails or is late', async () => {
    const down = { get: () => Promise.reject(new Error('redis is not connected')), set: () => Promise.reject(new Error('down')) } as unknown as Cache;
    const failing = build(down);
    expect(await failing.answers.get('k', 'page')).toBeNull();
    expect(await failing.answers.set('k', await entry())).toBe(false);
    expect(await failing.errors()).toBe(2);
    const hanging = build({ get: () => new Promise(() => undefined) } as unknown as Cache, { readTimeoutMs: 20 });
    const started = Date.now();
    expect(await hanging.answers.get('k', 'page')).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await hanging.misses()).toBe(1);
  });

  it('keeps recent entries parsed in the process: a hit reads no shared cache', async () => {
    const shared = new MemoryCache();
    const { answers, hits } = build(shared, { localMaxBytes: 1_000_000 });
    const e = await entry();
    await answers.set('k', e);
    await shared.del(['k']);
    expect(await answers.get('k', 'page')).toBe(e);
    // An entry another copy kept is parsed once, then served from the process.
    const other = build(shared, { localMaxBytes: 1_000_000 });
    await other.answers.set('k2', e);
    const first = await answers.get('k2', 'page');
    expect(first).toEqual(e);
    await shared.del(['k2']);
    expect(await answers.get('k2', 'page')).toBe(first);
    expect(await hits()).toBe(3);
  });

  it('keeps in the process within its bound, the least recently used going first', async () => {
    const shared = new MemoryCache();
    const e = await entry();
    const size = e.body.gzip!.length * 5 + e.body.br!.length;
    const { answers } = build(shared, { localMaxBytes: size * 4 });
    for (const k of ['a', 'b', 'c', 'd', 'e']) await answers.set(k, e);
    await shared.del(['a', 'b', 'c', 'd', 'e']);
    expect(await answers.get('a', 'page')).toBeNull();
    expect(await answers.get('e', 'page')).toBe(e);
    expect(await answers.get('b', 'page')).toBe(e);
  });

  it('is off with a TTL of 0', () => {
    expect(build(new MemoryCache(), { ttlSeconds: 0 }).answers.enabled).toBe(false);
  });
});
