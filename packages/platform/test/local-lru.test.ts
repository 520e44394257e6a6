import { LocalLru } from '../src/cache';

// The process-local layer in front of the shared cache (the reader's answers and kept reads): bounded
// by accounted bytes, least recently used first out, nothing read past its time to live.

describe('LocalLru', () => {
  it('answers what it keeps, and forgets it at its time to live', () => {
    let now = 1000;
    const lru = new LocalLru<string>(1000, () => now);
    lru.set('a', 'A', 10, 500);
    expect(lru.get('a')).toBe('A');
    now = 1499;
    expect(lru.get('a')).toBe('A');
    now = 1500;
    expect(lru.get('a')).toBeUndefined();
    expect(lru.accountedBytes).toBe(0);
    expect(lru.size).toBe(0);
  });

  it('drops the least recently used past its bound, a read counting as a use', () => {
    const lru = new LocalLru<number>(100);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) lru.set(key, i, 25, 60_000);
    expect(lru.get('a')).toBe(0); // b is now the least recently used
    lru.set('e', 4, 25, 60_000);
    expect(lru.get('b')).toBeUndefined();
    expect([lru.get('a'), lru.get('c'), lru.get('d'), lru.get('e')]).toEqual([0, 2, 3, 4]);
    expect(lru.accountedBytes).toBe(100);
  });

  it('keeps nothing larger than a quarter of its bound, nothing with no time to live, and nothing at all with a bound of 0', () => {
    const lru = new LocalLru<string>(100);
    lru.set('big', 'x', 26, 60_000);
    lru.set('now', 'x', 1, 0);
    expect(lru.size).toBe(0);
    const none = new LocalLru<string>(0);
    none.set('a', 'A', 0, 60_000);
    none.set('b', 'B', 1, 60_000);
    expect(none.get('b')).toBeUndefined();
  });

  it('replaces a key without counting it twice', () => {
    const lru = new LocalLru<string>(100);
    lru.set('a', 'A', 20, 60_000);
    lru.set('a', 'B', 10, 60_000);
    expect(lru.get('a')).toBe('B');
    expect(lru.accountedBytes).toBe(10);
    lru.delete('a');
    expect(lru.accountedBytes).toBe(0);
  });
});
