import pino from 'pino';
import { Counter, Registry } from 'prom-client';
import { MemoryCache, type Cache } from '@quire/platform/cache';
import type { sites } from '@quire/proto';
import { bumpOnContentEvent, bumpOnSiteEvent, ResolutionCache } from '../src/modules/resolution-cache';
import { isCurrent, isKeepable, resolutionKey } from '../src/modules/resolution-cache/domain/kept-resolution';
import { mayChangeSites } from '../src/modules/resolution-cache/consumers/generation-events.consumer';
import { publishedContent } from './published-content';

// Sites' answers for anonymous visitors of public sites are kept, and used only while
// the generations of their site and spaces are those they recorded; a cache that fails is a miss.

const logger = pino({ level: 'silent' });

function content(overrides: Partial<sites.PublishedSiteContent> = {}): sites.ResolvePublishedUrlResponse {
  return {
    outcome: 'content',
    reason: '',
    refusedAudience: '',
    redirect: undefined,
    content: publishedContent({
      site: 's1',
      space: 'sp1',
      revision: 'r1',
      pathname: 'intro',
      basePath: '/',
      siteBasePath: '/',
      canonicalUrl: 'https://docs.test/intro',
      apiToken: 'token',
      siteVersion: 'v1',
      spaceIds: ['sp1', 'sp2'],
      ...overrides,
    }),
  };
}

function cacheOf(backing: Cache = new MemoryCache(), readTimeoutMs = 250, localMaxBytes = 0, generationReuseMs = 0): ResolutionCache {
  const registers = [new Registry()];
  return new ResolutionCache(
    backing,
    { ttlSeconds: 60, generationTtlSeconds: 3600, readTimeoutMs, localMaxBytes, generationReuseMs },
    {
      lookups: new Counter({ name: 'l', help: 'l', labelNames: ['outcome'], registers }),
      errors: new Counter({ name: 'e', help: 'e', labelNames: ['op'], registers }),
    },
    logger,
  );
}

/** Two requests make an entry: the first keeps the ids, the second their generations read before sites answered. */
async function warm(cache: ResolutionCache, url: string, resolved = content()): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const lookup = await cache.lookup(url);
    if (lookup.kind === 'miss') await cache.keep(lookup, resolved);
  }
}

const siteEvent = (type: string, siteId: string) => ({ id: `e-${type}`, type, occurredAt: '', data: { organizationId: 'o', siteId } }) as never;
const contentEvent = (type: string, data: Record<string, unknown>) => ({ id: `e-${type}`, type, occurredAt: '', data }) as never;

describe('the key', () => {
  it('is one per visitor URL, and hides it', () => {
    expect(resolutionKey('https://docs.test/a')).toBe(resolutionKey('https://docs.test/a'));
    expect(resolutionKey('https://docs.test/a')).not.toBe(resolutionKey('https://docs.test/a?x=1'));
    expect(resolutionKey('https://docs.test/a')).not.toContain('docs.test');
  });

  it("stays the same for a URL past the keys remembered (10,000) and is never another URL's", () => {
    const first = resolutionKey('https://docs.test/first');
    const keys = new Set(Array.from({ length: 12_000 }, (_, i) => resolutionKey(`https://docs.test/p${i}`)));
    expect(keys.size).toBe(12_000);
    expect(resolutionKey('https://docs.test/first')).toBe(first);
    expect(resolutionKey('https://docs.test/p0')).toBe(resolutionKey('https://docs.test/p0'));
    expect(keys.has(first)).toBe(false);
  });
});

describe('what is kept', () => {
  it('keeps content of public and unlisted sites only', () => {
    expect(isKeepable(content())).toBe(true);
    expect(isKeepable(content({ visibility: 'unlisted' }))).toBe(true);
    expect(isKeepable(content({ visibility: 'share-link' }))).toBe(false);
    expect(isKeepable(content({ visibility: 'visitor-auth' }))).toBe(false);
    expect(isKeepable(content({ shareKey: 'k' }))).toBe(false);
    expect(isKeepable(content({ siteVersion: '' }))).toBe(false);
    expect(isKeepable(content({ spaceIds: [] }))).toBe(false);
    expect(isKeepable({ ...content(), outcome: 'not-found', content: undefined })).toBe(false);
  });

  it('never keeps a share-link site’s answer', async () => {
    const cache = cacheOf();
    await warm(cache, 'https://docs.test/shared', content({ visibility: 'share-link' }));
    expect((await cache.lookup('https://docs.test/shared')).kind).toBe('miss');
  });
});

// Each process may hold entries parsed too (READER_CACHE_LOCAL_MAX_BYTES): the same checks hold.
describe.each([
  ['without', 0],
  ['with', 1 << 20],
])('the generation check (%s a process copy)', (_, localMaxBytes) => {
  it('is current only when every generation is the recorded one', () => {
    expect(isCurrent(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(isCurrent(['a', 'b'], ['a', 'c'])).toBe(false);
    expect(isCurrent(['a', 'b'], ['a', null])).toBe(false);
    expect(isCurrent(['a'], ['a', 'b'])).toBe(false);
    expect(isCurrent(undefined, ['a'])).toBe(false);
  });

  it('serves a warm entry without sites, then misses once its site has an event', async () => {
    const backing = new MemoryCache();
    const cache = cacheOf(backing, 250, localMaxBytes);
    await warm(cache, 'https://docs.test/intro');
    expect(await cache.lookup('https://docs.test/intro')).toEqual({ kind: 'hit', resolved: content() });
    expect(await bumpOnSiteEvent({ cache: backing, logger }, siteEvent('site.redirects_changed', 's1'))).toBe(true);
    expect((await cache.lookup('https://docs.test/intro')).kind).toBe('miss');
  });

  it('misses once any space of the site has a current revision, not for a change request’s', async () => {
    const backing = new MemoryCache();
    const cache = cacheOf(backing, 250, localMaxBytes);
    await warm(cache, 'https://docs.test/intro');
    const revision = (current: boolean) => contentEvent('revision.created', { spaceId: 'sp2', organizationId: 'o', current });
    expect(await bumpOnContentEvent({ cache: backing, logger }, revision(false))).toBe(false);
    expect((await cache.lookup('https://docs.test/intro')).kind).toBe('hit');
    expect(await bumpOnContentEvent({ cache: backing, logger }, revision(true))).toBe(true);
    expect((await cache.lookup('https://docs.test/intro')).kind).toBe('miss');
  });

  it('misses on a space’s own change, and leaves other sites’ entries alone', async () => {
    const backing = new MemoryCache();
    const cache = cacheOf(backing, 250, localMaxBytes);
    await warm(cache, 'https://docs.test/intro');
    await warm(cache, 'https://other.test/', content({ site: 's2', spaceIds: ['sp9'] }));
    await bumpOnContentEvent({ cache: backing, logger }, contentEvent('space.updated', { spaceId: 'sp1', organizationId: 'o', fields: ['title'] }));
    expect((await cache.lookup('https://docs.test/intro')).kind).toBe('miss');
    expect((await cache.lookup('https://other.test/')).kind).toBe('hit');
  });

  it('keeps an answer resolved while an event landed as stale: generations are read before sites is asked', async () => {
    const backing = new MemoryCache();
    const cache = cacheOf(backing, 250, localMaxBytes);
    await warm(cache, 'https://docs.test/intro');
    await bumpOnSiteEvent({ cache: backing, logger }, siteEvent('site.updated', 's1'));
    const lookup = await cache.lookup('https://docs.test/intro');
    expect(lookup.kind).toBe('miss');
    // The event of the change sites has just answered with lands before the answer is kept.
    await bumpOnSiteEvent({ cache: backing, logger }, siteEvent('site-customization.updated', 's1'));
    if (lookup.kind === 'miss') await cache.keep(lookup, content({ siteVersion: 'v2' }));
    expect((await cache.lookup('https://docs.test/intro')).kind).toBe('miss');
  });
});

/** A memory cache that lists every `mget` it is asked. */
function countingReads(): { backing: MemoryCache; counting: Cache; reads: string[][] } {
  const backing = new MemoryCache();
  const reads: string[][] = [];
  const counting = Object.assign(Object.create(backing) as Cache, {
    mget: (keys: string[]) => {
      reads.push(keys);
      return backing.mget(keys);
    },
  });
  return { backing, counting, reads };
}

describe('the process copy', () => {
  it('makes a hit one read of the generations, not two reads', async () => {
    const { counting, reads } = countingReads();
    const cache = cacheOf(counting, 250, 1 << 20);
    await warm(cache, 'https://docs.test/intro');
    reads.length = 0;
    expect((await cache.lookup('https://docs.test/intro')).kind).toBe('hit');
    expect(reads).toEqual([['reader:generation:v1:site:s1', 'reader:generation:v1:space:sp1', 'reader:generation:v1:space:sp2']]);
  });

  it('makes concurrent hits on one site share one read of the generations, and reads again after it', async () => {
    const { backing, counting, reads } = countingReads();
    const cache = cacheOf(counting, 250, 1 << 20);
    await warm(cache, 'https://docs.test/intro');
    await warm(cache, 'https://docs.test/other', content({ pathname: 'other' }));
    reads.length = 0;
    const lookups = await Promise.all(['intro', 'other', 'intro', 'other'].map((path) => cache.lookup(`https://docs.test/${path}`)));
    expect(lookups.map((l) => l.kind)).toEqual(['hit', 'hit', 'hit', 'hit']);
    expect(reads).toHaveLength(1);
    // A read in flight is not held past its answer: an event after it is seen by the next lookup.
    await bumpOnSiteEvent({ cache: backing, logger }, siteEvent('site.updated', 's1'));
    expect((await cache.lookup('https://docs.test/intro')).kind).toBe('miss');
    expect(reads.length).toBeGreaterThan(1);
  });

  it('lets a read of the generations answer the lookups of its reuse window, then reads again and sees an event', async () => {
    const { backing, counting, reads } = countingReads();
    const cache = cacheOf(counting, 250, 1 << 20, 40);
    await warm(cache, 'https://docs.test/intro');
    await new Promise((resolve) => setTimeout(resolve, 60));
    reads.length = 0;
    const generationReads = () => reads.filter(([key]) => key?.startsWith('reader:generation:')).length;
    expect((await cache.lookup('https://docs.test/intro')).kind).toBe('hit');
    // Within the window: no read, and an event landing meanwhile is not seen yet (at most the window late).
    await bumpOnSiteEvent({ cache: backing, logger }, siteEvent('site.updated', 's1'));
    expect((await cache.lookup('https://docs.test/intro')).kind).toBe('hit');
    expect(generationReads()).toBe(1);
    // After it: read again, and the event is seen.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await cache.lookup('https://docs.test/intro')).kind).toBe('miss');
    expect(generationReads()).toBe(2);
  });

  it('never reuses a failed read of the generations', async () => {
    const backing = new MemoryCache();
    let failing = true;
    const flaky = Object.assign(Object.create(backing) as Cache, {
      mget: (keys: string[]) => (failing && keys[0]?.includes(':generation:') ? Promise.reject(new Error('down')) : backing.mget(keys)),
    });
    const cache = cacheOf(flaky, 250, 1 << 20, 20);
    failing = false;
    await warm(cache, 'https://docs.test/intro');
    await new Promise((resolve) => setTimeout(resolve, 40));
    failing = true;
    expect((await cache.lookup('https://docs.test/intro')).kind).toBe('miss');
    failing = false;
    expect((await cache.lookup('https://docs.test/intro')).kind).toBe('hit');
  });

  it('is held no longer than the shared entry lives', async () => {
    const backing = new MemoryCache();
    const cache = cacheOf(backing, 250, 1 << 20);
    const realNow = Date.now;
    try {
      await warm(cache, 'https://docs.test/intro');
      // With the shared entry gone, what answers is the process copy: until the entry's TTL, not after.
      await backing.del([resolutionKey('https://docs.test/intro')]);
      Date.now = () => realNow() + 59_000;
      expect((await cache.lookup('https://docs.test/intro')).kind).toBe('hit');
      Date.now = () => realNow() + 61_000;
      expect((await cache.lookup('https://docs.test/intro')).kind).toBe('miss');
    } finally {
      Date.now = realNow;
    }
  });
});

describe('a failing cache', () => {
  it('is a miss when reads fail, and keeping never throws', async () => {
    const down = { mget: () => Promise.reject(new Error('redis is not connected')), set: () => Promise.reject(new Error('down')) } as unknown as Cache;
    const cache = cacheOf(down);
    const lookup = await cache.lookup('https://docs.test/intro');
    expect(lookup.kind).toBe('miss');
    if (lookup.kind === 'miss') await expect(cache.keep(lookup, content())).resolves.toBeUndefined();
  });

  it('is a miss when reads are slow', async () => {
    const backing = new MemoryCache();
    await warm(cacheOf(backing), 'https://docs.test/intro');
    const slow = {
      mget: (keys: string[]) => new Promise((resolve) => setTimeout(() => resolve(backing.mget(keys)), 200)),
      set: () => Promise.resolve(),
    } as unknown as Cache;
    expect((await cacheOf(slow, 20).lookup('https://docs.test/intro')).kind).toBe('miss');
  });

  it('is a miss for a broken entry', async () => {
    const backing = new MemoryCache();
    await backing.set(resolutionKey('https://docs.test/intro'), '{not json', 60);
    expect((await cacheOf(backing).lookup('https://docs.test/intro')).kind).toBe('miss');
  });

  it('writes no generation when the cache is down, and says so', async () => {
    const down = { set: () => Promise.reject(new Error('down')) } as unknown as Cache;
    expect(await bumpOnSiteEvent({ cache: down, logger }, siteEvent('site.published', 's1'))).toBe(false);
  });
});

describe('the space events consumer', () => {
  const message = (type: string, data: Record<string, unknown>) => JSON.stringify({ id: 'e1', type, occurredAt: '', data });

  it('passes over, without the database, the content events that change no site', () => {
    expect(mayChangeSites(message('revision.created', { spaceId: 'sp1', current: false }))).toBe(false);
    expect(mayChangeSites(message('comment.created', { spaceId: 'sp1' }))).toBe(false);
    expect(mayChangeSites(message('space.created', { spaceId: 'sp1' }))).toBe(false);
    expect(mayChangeSites(message('change-request.merged', { spaceId: 'sp1' }))).toBe(false);
  });

  it('hands on those that may, and anything it cannot read (the consumer parks it)', () => {
    expect(mayChangeSites(message('revision.created', { spaceId: 'sp1', current: true }))).toBe(true);
    expect(mayChangeSites(message('space.updated', { spaceId: 'sp1' }))).toBe(true);
    expect(mayChangeSites(message('space.deleted', { spaceId: 'sp1' }))).toBe(true);
    expect(mayChangeSites('not json')).toBe(true);
    expect(mayChangeSites('{"id":"e1"}')).toBe(true);
    expect(mayChangeSites('null')).toBe(true);
  });
});
