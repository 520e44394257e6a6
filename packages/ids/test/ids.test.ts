import { newId } from '../src/ids';

describe('newId', () => {
  it('mints base62 ids of the asked length, unique across many refills of the random pool', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    expect(ids.every((id) => /^[0-9A-Za-z]{20}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(newId(32)).toHaveLength(32);
  });

  it('uses every character about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5000; i++) for (const c of newId()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (5000 * 20) / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.15);
  });
});
