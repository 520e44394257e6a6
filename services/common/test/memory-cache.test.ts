import { MemoryCache } from '../src';

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

  it('deletes', async () => {
    const cache = new MemoryCache();
    await cache.set('a', '1', 10);
    await cache.del(['a']);
    expect(await cache.get('a')).toBeNull();
  });
});
