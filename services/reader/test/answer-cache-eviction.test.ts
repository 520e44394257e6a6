import pino from 'pino';
import { MemoryCache, type Cache } from '@quire/platform/cache';
import { answerCacheKey, type ResolvedAddress } from '../src/modules/answer-cache';
import { evictOnSiteEvent } from '../src/modules/answer-cache/consumers/site-events.consumer';

// The `reader-cache` consumer drops an unpublished or deleted site's answers (they
// would never be read again: sites answers not-found first) and leaves every other site's, and a
// cache that fails is only logged (the entries expire).

const logger = pino({ level: 'silent' });
const address = (site: string, pathname: string): ResolvedAddress => ({
  site,
  siteVersion: 'v',
  siteSection: '',
  siteSpace: 'ss',
  space: 'sp',
  revision: 'r',
  pathname,
  basePath: '/',
  siteBasePath: '/',
  canonicalUrl: 'https://x.test/',
  visibility: 'public',
});
const event = (type: string, siteId: string) =>
  ({ id: `e-${type}-${siteId}`, type, occurredAt: '', data: { organizationId: 'o', siteId, by: 'u', deletedBy: 'u' } }) as never;

async function warm(cache: Cache): Promise<string[]> {
  const keys = ['s1', 's1', 's10'].map((site, i) => answerCacheKey(address(site, `p${i}`), 'page') as string);
  for (const k of keys) await cache.set(k, 'entry', 60);
  return keys;
}

it.each(['site.unpublished', 'site.deleted'])('drops the site’s answers on %s, and only its', async (type) => {
  const cache = new MemoryCache();
  const [a, b, other] = await warm(cache);
  expect(await evictOnSiteEvent({ cache, logger }, event(type, 's1'))).toBe(2);
  expect(await cache.get(a!)).toBeNull();
  expect(await cache.get(b!)).toBeNull();
  expect(await cache.get(other!)).toBe('entry');
});

it('leaves the cache alone on other site events', async () => {
  const cache = new MemoryCache();
  const keys = await warm(cache);
  for (const type of ['site.published', 'site.updated', 'site-customization.updated'])
    expect(await evictOnSiteEvent({ cache, logger }, event(type, 's1'))).toBe(0);
  for (const k of keys) expect(await cache.get(k)).toBe('entry');
});

it('never throws when the cache is down', async () => {
  const down = { deleteByPrefix: () => Promise.reject(new Error('redis is not connected')) } as unknown as Cache;
  await expect(evictOnSiteEvent({ cache: down, logger }, event('site.deleted', 's1'))).resolves.toBe(0);
});
