import { MemoryCache, type Cache } from '@quire/platform/cache';
import { createLogger } from '@quire/platform/logger';
import { RateLimiter } from '../src/cache/rate-limiter';

const logger = createLogger('test', 'silent');

describe('RateLimiter', () => {
  it('allows exactly the limit per window across workers sharing a cache', async () => {
    const now = 1_000_000;
    const cache = new MemoryCache(() => now);
    const workers = [new RateLimiter(cache, logger, 100, 60, () => now), new RateLimiter(cache, logger, 100, 60, () => now)];
    let ok = 0;
    let limited = 0;
    for (let i = 0; i < 300; i++) {
      try {
        await (workers[i % 2] as RateLimiter).take('token');
        ok++;
      } catch (err) {
        expect(err).toMatchObject({ code: 429 });
        limited++;
      }
    }
    expect(ok).toBe(100);
    expect(limited).toBe(200);
  });

  it('claims one block at a time however many requests arrive together', async () => {
    const cache = new MemoryCache();
    const limiter = new RateLimiter(cache, logger, 1000);
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => limiter.take('t')));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    // One block of 50 serves all 30 concurrent requests.
    expect(await cache.incrementWindow(`rl:t:${Math.floor(Date.now() / 60000)}`, 61, 0)).toBe(50);
  });

  it('says when to retry, and opens a new window after it', async () => {
    let now = 60_000 * 10 + 15_000;
    const cache = new MemoryCache(() => now);
    const limiter = new RateLimiter(cache, logger, 1, 60, () => now);
    await limiter.take('t');
    await expect(limiter.take('t')).rejects.toMatchObject({ code: 429, headers: { 'Retry-After': '45' } });
    now += 45_000;
    await expect(limiter.take('t')).resolves.toBeUndefined();
  });

  it('takes several requests at once or none: a batch past what is left is refused and charges nothing', async () => {
    const now = 60_000 * 20;
    const limiter = new RateLimiter(new MemoryCache(() => now), logger, 300, 60, () => now);
    for (let i = 0; i < 14; i++) await limiter.take('client', 20);
    await expect(limiter.take('client', 30)).rejects.toMatchObject({ code: 429 });
    await limiter.take('client', 20);
    await expect(limiter.take('client')).rejects.toMatchObject({ code: 429 });
  });

  it('keeps tokens apart', async () => {
    const limiter = new RateLimiter(new MemoryCache(), logger, 1);
    await limiter.take('a');
    await expect(limiter.take('b')).resolves.toBeUndefined();
  });

  it('lets requests through when the cache is down', async () => {
    const down = { incrementWindow: async () => Promise.reject(new Error('redis down')) } as unknown as Cache;
    const limiter = new RateLimiter(down, logger, 1);
    for (let i = 0; i < 5; i++) await expect(limiter.take('t')).resolves.toBeUndefined();
  });
});
