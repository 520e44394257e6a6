import { compareKeys, isOrderKey, keyBetween } from '../src';

/** A small seeded generator, so a failure replays the same moves. */
function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function expectStrictlyOrdered(keys: string[]): void {
  for (let i = 1; i < keys.length; i++) expect(compareKeys(keys[i - 1] as string, keys[i] as string)).toBe(-1);
}

/** Byte order as Postgres `COLLATE "C"` applies it. */
const byteSorted = (keys: string[]) => [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));

describe('ordering keys', () => {
  it('starts an empty list and appends, prepends and inserts between neighbours', () => {
    const first = keyBetween(null, null);
    const after = keyBetween(first, null);
    const before = keyBetween(null, first);
    const middle = keyBetween(first, after);
    expectStrictlyOrdered([before, first, middle, after]);
    for (const k of [first, after, before, middle]) expect(isOrderKey(k)).toBe(true);
  });

  it('refuses neighbours in the wrong order and malformed keys', () => {
    const a = keyBetween(null, null);
    const b = keyBetween(a, null);
    expect(() => keyBetween(b, a)).toThrow(RangeError);
    expect(() => keyBetween(a, a)).toThrow(RangeError);
    expect(() => keyBetween('!x', null)).toThrow(RangeError);
    expect(isOrderKey('a10')).toBe(false); // a fraction never ends in 0
    expect(isOrderKey('')).toBe(false);
  });

  it('keeps keys short when items are appended or prepended one by one', () => {
    const keys = [keyBetween(null, null)];
    for (let i = 0; i < 5000; i++) keys.push(keyBetween(keys[keys.length - 1] as string, null));
    for (let i = 0; i < 5000; i++) keys.unshift(keyBetween(null, keys[0] as string));
    expectStrictlyOrdered(keys);
    expect(Math.max(...keys.map((k) => k.length))).toBeLessThanOrEqual(4);
    expect(byteSorted(keys)).toEqual(keys);
  });

  it('keeps a strict order and bounded growth over many random moves', () => {
    const random = seededRandom(42);
    const list: string[] = [];
    for (let i = 0; i < 50; i++) list.push(keyBetween(list[list.length - 1] ?? null, null));
    for (let move = 0; move < 5000; move++) {
      const from = Math.floor(random() * list.length);
      list.splice(from, 1);
      const to = Math.floor(random() * (list.length + 1));
      list.splice(to, 0, keyBetween(list[to - 1] ?? null, list[to] ?? null));
      expect(compareKeys(list[to - 1] ?? '', list[to] as string)).toBe(-1);
    }
    expectStrictlyOrdered(list);
    expect(byteSorted(list)).toEqual(list);
    // Random moves among 50 siblings: keys stay a handful of characters long.
    expect(Math.max(...list.map((k) => k.length))).toBeLessThanOrEqual(12);
  });

  it('grows by about one character per five inserts at the same spot (the worst case)', () => {
    let low = keyBetween(null, null);
    const high = keyBetween(low, null);
    for (let i = 0; i < 300; i++) low = keyBetween(low, high);
    expect(compareKeys(low, high)).toBe(-1);
    expect(low.length).toBeLessThanOrEqual(2 + Math.ceil(300 / 5));
  });
});
