import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MemoryCache } from '../src/cache';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A heap collection, when V8 lets us ask for one (jest does not pass --expose-gc). */
function collector(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

describe('MemoryCache', () => {
  it('expires keys like Redis', async () => {
    let now = 0;
    const cache = new MemoryCache(() => now);
    await cache.set('k', 'v', 10);
    expect(await cache.get('k')).toBe('v');
    now = 10_000;
    expect(await cache.get('k')).toBeNull();
  });

  it('counts a window that expires from its first increment', async () => {
    let now = 0;
    const cache = new MemoryCache(() => now);
    expect(await cache.incrementWindow('w', 60, 5)).toBe(5);
    now = 30_000;
    expect(await cache.incrementWindow('w', 60)).toBe(6);
    now = 60_000;
    expect(await cache.incrementWindow('w', 60)).toBe(1);
  });

  it('reads several keys at once, null for the missing and the expired, in the order asked', async () => {
    let now = 0;
    const cache = new MemoryCache(() => now);
    await cache.set('a', '1', 10);
    await cache.set('b', '2', 1);
    now = 1_000;
    expect(await cache.mget(['b', 'a', 'c'])).toEqual([null, '1', null]);
    expect(await cache.mget([])).toEqual([]);
  });

  it('deletes', async () => {
    const cache = new MemoryCache();
    await cache.set('a', '1', 10);
    await cache.del(['a']);
    expect(await cache.get('a')).toBeNull();
    expect(cache.usage()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('deletes every key of a prefix, and only those', async () => {
    const cache = new MemoryCache();
    for (const k of ['reader:answer:v1:s1:a', 'reader:answer:v1:s1:b', 'reader:answer:v1:s10:a', 'other']) await cache.set(k, 'v', 10);
    expect(await cache.deleteByPrefix('reader:answer:v1:s1:')).toBe(2);
    expect(await cache.get('reader:answer:v1:s1:a')).toBeNull();
    expect(await cache.get('reader:answer:v1:s10:a')).toBe('v');
    expect(await cache.get('other')).toBe('v');
    expect(cache.usage().entries).toBe(2);
  });

  it('stays within its bound when a thousand distinct revisions are written and read once', async () => {
    const maxBytes = 8 * 1024 * 1024;
    const cache = new MemoryCache(Date.now, { maxBytes });
    const gc = collector();
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let largest = 0;
    for (let i = 0; i < 1000; i++) {
      // 100 KB of JSON-like text, distinct and flat (a repeated string would be a cheap rope).
      const key = `content:space:s1:revision:r${i}`;
      await cache.set(key, randomBytes(50 * 1024).toString('hex'), 3600);
      expect(await cache.get(key)).toHaveLength(100 * 1024);
      largest = Math.max(largest, cache.usage().bytes);
    }
    const { entries, bytes } = cache.usage();
    expect(largest).toBeLessThanOrEqual(maxBytes);
    expect(bytes).toBeLessThanOrEqual(maxBytes);
    // 2 bytes per code unit: each entry counts a little over 200 KB, so 40 of the 1,000 fit.
    expect(entries).toBeGreaterThanOrEqual(35);
    expect(entries).toBeLessThanOrEqual(40);
    expect(await cache.get('content:space:s1:revision:r0')).toBeNull(); // the least recently used went first
    expect(await cache.get('content:space:s1:revision:r999')).not.toBeNull();
    if (gc) {
      gc();
      // Unbounded, the thousand values would hold 100 MB; bounded, what is kept is at most maxBytes.
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(maxBytes + 8 * 1024 * 1024);
    }
    await cache.close();
  });

  it('evicts the least recently used: a read keeps an entry', async () => {
    const cache = new MemoryCache(Date.now, { maxBytes: 3 * (2 * (1 + 1000) + 96) });
    for (const key of ['a', 'b', 'c']) await cache.set(key, 'x'.repeat(1000), 60);
    expect(await cache.get('a')).not.toBeNull();
    await cache.set('d', 'x'.repeat(1000), 60);
    expect(await cache.get('b')).toBeNull();
    for (const key of ['a', 'c', 'd']) expect(await cache.get(key)).not.toBeNull();
  });

  it('does not keep a value larger than its bound, nor the old value of that key', async () => {
    const cache = new MemoryCache(Date.now, { maxBytes: 10_000 });
    await cache.set('k', 'small', 60);
    await cache.set('k', 'x'.repeat(10_000), 60);
    expect(await cache.get('k')).toBeNull();
    expect(cache.usage()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('drops expired entries in the background, without their being read', async () => {
    let now = 1_000;
    const cache = new MemoryCache(() => now, { sweepIntervalMs: 5 });
    for (let i = 0; i < 100; i++) await cache.set(`page:${i}`, 'answer', i < 50 ? 10 : 3600);
    expect(cache.usage().entries).toBe(100);
    now += 10_000;
    await sleep(50);
    expect(cache.usage().entries).toBe(50);
    now += 3_600_000;
    await sleep(50);
    expect(cache.usage()).toMatchObject({ entries: 0, bytes: 0 });
    await cache.close();
  });
});
