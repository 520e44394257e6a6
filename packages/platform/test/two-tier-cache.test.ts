import pino from 'pino';
import { MemoryCache, TwoTierCache, type Cache } from '../src/cache';

// The shape of every process cache in front of the shared one (the reader's answers, kept reads and
// resolutions): late reads are misses, writes never throw, failures counted and warned about rarely.

function tiersOver(shared: Cache, readTimeoutMs = 50) {
  const failures: string[] = [];
  const warnings: unknown[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line)) });
  const tiers = new TwoTierCache<string>(
    shared,
    { readTimeoutMs, localMaxBytes: 1000, countFailure: (op) => failures.push(op), unavailableMessage: 'cache down; working without' },
    logger,
  );
  return { tiers, failures, warnings };
}

const down: Cache = Object.assign(new MemoryCache(), {
  get: () => Promise.reject(new Error('down')),
  set: () => Promise.reject(new Error('down')),
});

describe('TwoTierCache', () => {
  it('reads and writes the shared cache, and keeps values in its process tier', async () => {
    const shared = new MemoryCache();
    const { tiers, failures } = tiersOver(shared);
    expect(await tiers.write('k', 'v', 60, 'set')).toBe(true);
    expect(await tiers.read('k', 'get')).toBe('v');
    expect(await tiers.read('absent', 'get')).toBeNull();
    tiers.local.set('k', 'parsed', 10, 1000);
    expect(tiers.local.get('k')).toBe('parsed');
    expect(failures).toEqual([]);
  });

  it('takes a read later than its timeout for a miss, counted as a failure', async () => {
    const slow: Cache = Object.assign(new MemoryCache(), { get: () => new Promise<string | null>((r) => setTimeout(() => r('late'), 200)) });
    const { tiers, failures } = tiersOver(slow, 20);
    expect(await tiers.read('k', 'get')).toBeNull();
    await expect(tiers.timed(new Promise((r) => setTimeout(r, 200)))).rejects.toThrow('no answer in 20 ms');
    expect(failures).toEqual(['get']);
  });

  it('never throws on a failing cache, counts every failure and warns once per 10 s', async () => {
    const { tiers, failures, warnings } = tiersOver(down);
    expect(await tiers.read('k', 'get')).toBeNull();
    expect(await tiers.write('k', 'v', 60, 'set')).toBe(false);
    tiers.failed('get', new Error('other'));
    expect(failures).toEqual(['get', 'set', 'get']);
    expect(warnings).toEqual([expect.objectContaining({ op: 'get', err: 'down', msg: 'cache down; working without' })]);
  });
});
