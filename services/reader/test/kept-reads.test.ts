import pino from 'pino';
import { Counter, Registry } from 'prom-client';
import { MemoryCache, type Cache } from '@quire/platform/cache';
import { KeptReads, pageMarkdownKey, siteProfileKey, spacePagesKey } from '../src/modules/kept-reads';
import { readSiteProfileJson, readSpacePages, type SiteReadsDeps } from '../src/modules/site-reads';
import { publishedContent } from './published-content';

// So that a cold page is answered under 50 ms, a site's profile and a space's page tree are read once per
// site version and kept, in the process and in the shared cache; a cache that fails is a miss.

function keptReads(cache: Cache, settings: Partial<ConstructorParameters<typeof KeptReads>[1]> = {}) {
  const registry = new Registry();
  const reads = new Counter({ name: 'reads', help: 'h', labelNames: ['read', 'outcome'], registers: [registry] });
  const errors = new Counter({ name: 'errors', help: 'h', labelNames: ['op'], registers: [registry] });
  const kept = new KeptReads(cache, { ttlSeconds: 60, readTimeoutMs: 100, localMaxBytes: 1 << 20, ...settings }, { reads, errors }, pino({ level: 'silent' }));
  const count = async (outcome: string) => (await reads.get()).values.filter((v) => v.labels.outcome === outcome).reduce((n, v) => n + v.value, 0);
  const errorCount = async () => (await errors.get()).values.reduce((n, v) => n + v.value, 0);
  return { kept, count, errorCount };
}

const versioned = publishedContent({ siteVersion: 'v1' });

describe('kept-read keys', () => {
  it('carry the site and its version; none without a version stamp', () => {
    expect(siteProfileKey(versioned)).toBe('reader:read:v1:s:profile:v1');
    expect(siteProfileKey({ site: 's', siteVersion: 'v2' })).not.toBe(siteProfileKey(versioned));
    expect(siteProfileKey(publishedContent())).toBeNull();
    expect(spacePagesKey(publishedContent(), 'sp', '')).toBeNull();
  });

  it('differ per space and per revision asked', () => {
    const keys = [
      spacePagesKey(versioned, 'sp', ''),
      spacePagesKey(versioned, 'sp', 'r'),
      spacePagesKey(versioned, 'sp2', ''),
      spacePagesKey({ site: 's', siteVersion: 'v2' }, 'sp', ''),
    ];
    expect(new Set(keys).size).toBe(4);
    expect(keys[0]).toMatch(/^reader:read:v1:s:pages:v1:[A-Za-z0-9_-]{22}$/);
  });

  it("key a page's markdown by site, space, revision and page; none for the published revision, which moves", () => {
    const keys = [
      pageMarkdownKey('s', 'sp', 'r', 'p'),
      pageMarkdownKey('s', 'sp', 'r', 'p2'),
      pageMarkdownKey('s', 'sp', 'r2', 'p'),
      pageMarkdownKey('s', 'sp2', 'r', 'p'),
      pageMarkdownKey('s2', 'sp', 'r', 'p'),
    ];
    expect(new Set(keys).size).toBe(5);
    expect(keys[0]).toMatch(/^reader:read:v1:s:markdown:[A-Za-z0-9_-]{22}$/);
    expect(pageMarkdownKey('s', 'sp', '', 'p')).toBeNull();
  });
});

describe('KeptReads', () => {
  it('loads once, then answers from the process; another copy answers from the shared cache', async () => {
    const cache = new MemoryCache();
    const { kept, count } = keptReads(cache);
    let loads = 0;
    const load = async () => ({ pages: [{ id: 'p1', title: 'One' }], n: ++loads });
    expect(await kept.read('space_pages', 'k', load)).toEqual({ pages: [{ id: 'p1', title: 'One' }], n: 1 });
    expect(await kept.read('space_pages', 'k', load)).toEqual({ pages: [{ id: 'p1', title: 'One' }], n: 1 });
    expect(loads).toBe(1);
    expect(await count('loaded')).toBe(1);
    expect(await count('local')).toBe(1);
    await new Promise((r) => setImmediate(r)); // the write is not waited for
    const other = keptReads(cache);
    expect(await other.kept.read('space_pages', 'k', load)).toEqual({ pages: [{ id: 'p1', title: 'One' }], n: 1 });
    expect(await other.count('shared')).toBe(1);
    expect(loads).toBe(1);
  });

  it('shares one load between concurrent reads of a key', async () => {
    const { kept } = keptReads(new MemoryCache());
    let loads = 0;
    let finish: (v: string) => void = () => undefined;
    const load = () => {
      loads++;
      return new Promise<string>((r) => (finish = r));
    };
    const reads = [kept.read('site_profile', 'k', load), kept.read('site_profile', 'k', load), kept.read('site_profile', 'k', load)];
    await new Promise((r) => setImmediate(r));
    finish('{"title":"Docs"}');
    expect(await Promise.all(reads)).toEqual(Array(3).fill('{"title":"Docs"}'));
    expect(loads).toBe(1);
  });

  it('always loads without a key, with the cache off, and when the load fails (nothing kept)', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const { kept } = keptReads(new MemoryCache());
    await kept.read('r', null, load);
    await kept.read('r', null, load);
    const off = keptReads(new MemoryCache(), { ttlSeconds: 0 }).kept;
    await off.read('r', 'k', load);
    await off.read('r', 'k', load);
    expect(loads).toBe(4);
    await expect(kept.read('r', 'f', () => Promise.reject(new Error('content down')))).rejects.toThrow('content down');
    expect(await kept.read('r', 'f', load)).toBe(5);
  });

  it('keeps only what `keepable` accepts: a not-found answer is asked again', async () => {
    const { kept } = keptReads(new MemoryCache());
    let loads = 0;
    const load = async () => ({ found: ++loads > 1, profileJson: '' });
    expect((await kept.read('site_profile', 'k', load, (a) => a.found)).found).toBe(false);
    expect((await kept.read('site_profile', 'k', load, (a) => a.found)).found).toBe(true);
    expect((await kept.read('site_profile', 'k', load, (a) => a.found)).found).toBe(true);
    expect(loads).toBe(2);
  });

  it('asks the service when the shared cache fails, hangs or holds something unreadable, and counts it', async () => {
    const failing = {
      get: () => Promise.reject(new Error('redis down')),
      set: () => Promise.reject(new Error('redis down')),
    } as unknown as Cache;
    const hanging = { get: () => new Promise(() => undefined), set: async () => undefined } as unknown as Cache;
    const broken = new MemoryCache();
    await broken.set('k', '{not json', 60);
    for (const cache of [failing, hanging, broken]) {
      const { kept, errorCount } = keptReads(cache, { localMaxBytes: 0 });
      expect(await kept.read('r', 'k', async () => 'fresh')).toBe('fresh');
      await new Promise((r) => setImmediate(r));
      expect(await errorCount()).toBeGreaterThan(0);
    }
  });
});

describe('the reads pages make', () => {
  it("read a site version's profile and page tree once, whichever page asks", async () => {
    const calls: string[] = [];
    const deps = {
      sites: () => ({
        getPublishedSite: async () => {
          calls.push('profile');
          return { found: true, profileJson: '{"title":"Docs"}' };
        },
      }),
      contentPublished: () => ({
        getPublishedPages: async (req: { spaceId: string; revisionId: string; apiToken: string }) => {
          calls.push(`pages ${req.spaceId} ${req.revisionId} ${req.apiToken}`);
          return { revisionId: 'r', pages: [], createdAt: '', files: [] };
        },
      }),
      reads: keptReads(new MemoryCache()).kept,
    } as unknown as SiteReadsDeps;
    for (const pathname of ['a', 'b', 'c']) {
      const content = publishedContent({ siteVersion: 'v1', pathname });
      expect(await readSiteProfileJson(deps, content)).toBe('{"title":"Docs"}');
      expect((await readSpacePages(deps, content, 'sp', 'r')).revisionId).toBe('r');
    }
    // A new version (a merge, a customization) reads again.
    await readSiteProfileJson(deps, publishedContent({ siteVersion: 'v2' }));
    expect(calls).toEqual(['profile', 'pages sp r t', 'profile']);
  });
});
