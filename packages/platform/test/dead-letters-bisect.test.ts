import { deliverBisecting } from '../src/dead-letters';

/** A store that refuses any batch holding a row with the marker, and can be switched off. */
class MarkerRefusingStore {
  readonly stored: string[] = [];
  attempts = 0;
  down = false;

  async insert(rows: string[]): Promise<void> {
    this.attempts++;
    if (this.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const bad = rows.find((r) => r.includes('POISON'));
    if (bad) throw Object.assign(new Error(`Cannot parse input: ${bad}`), { code: '27', type: 'CANNOT_PARSE_INPUT_ASSERTION_FAILED' });
    this.stored.push(...rows);
  }
}

function rows(n: number, poisonAt: number[] = []): string[] {
  return Array.from({ length: n }, (_, i) => (poisonAt.includes(i) ? `row-${i}-POISON` : `row-${i}`));
}

describe('deliverBisecting', () => {
  it('stores a good batch in one attempt', async () => {
    const store = new MarkerRefusingStore();
    const parked: string[] = [];
    await deliverBisecting(
      rows(100),
      (b) => store.insert(b),
      async (m) => void parked.push(m),
    );
    expect(store.stored).toHaveLength(100);
    expect(store.attempts).toBe(1);
    expect(parked).toEqual([]);
  });

  it('stores every good row and parks only the bad one, in O(log n) attempts', async () => {
    const store = new MarkerRefusingStore();
    const parked: Array<{ message: string; error: string }> = [];
    await deliverBisecting(
      rows(1000, [613]),
      (b) => store.insert(b),
      async (message, err) => void parked.push({ message, error: (err as Error).message }),
    );
    expect(parked).toEqual([{ message: 'row-613-POISON', error: 'Cannot parse input: row-613-POISON' }]);
    expect(store.stored).toEqual(rows(1000).filter((r) => r !== 'row-613'));
    // 1 + 2 per level down to a single message: 1 + 2 * ceil(log2(1000)).
    expect(store.attempts).toBeLessThanOrEqual(1 + 2 * 10);
  });

  it('parks several bad rows, including at both ends, and keeps the order of the good ones', async () => {
    const store = new MarkerRefusingStore();
    const parked: string[] = [];
    await deliverBisecting(
      rows(37, [0, 17, 18, 36]),
      (b) => store.insert(b),
      async (m) => void parked.push(m),
    );
    expect(parked).toEqual(['row-0-POISON', 'row-17-POISON', 'row-18-POISON', 'row-36-POISON']);
    expect(store.stored).toEqual(rows(37).filter((r) => !['row-0', 'row-17', 'row-18', 'row-36'].includes(r)));
  });

  it('parks a single bad message delivered alone', async () => {
    const store = new MarkerRefusingStore();
    const parked: string[] = [];
    await deliverBisecting(
      rows(1, [0]),
      (b) => store.insert(b),
      async (m) => void parked.push(m),
    );
    expect(parked).toEqual(['row-0-POISON']);
    expect(store.attempts).toBe(1);
  });

  it('throws a transient failure at once: nothing parked, the batch is delivered again', async () => {
    const store = new MarkerRefusingStore();
    store.down = true;
    const park = jest.fn(async () => undefined);
    await expect(deliverBisecting(rows(10, [3]), (b) => store.insert(b), park)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(store.attempts).toBe(1);
    expect(park).not.toHaveBeenCalled();
  });

  it('throws when the store goes down in the middle of a bisection', async () => {
    const store = new MarkerRefusingStore();
    const park = jest.fn(async () => undefined);
    const attempt = async (b: string[]) => {
      if (store.attempts === 2) store.down = true;
      await store.insert(b);
    };
    await expect(deliverBisecting(rows(8, [1]), attempt, park)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(park).not.toHaveBeenCalled();
  });

  it('throws when parking itself fails (the database is down): nothing is lost', async () => {
    const store = new MarkerRefusingStore();
    const park = async () => {
      throw Object.assign(new Error('connection refused'), { code: '08006' });
    };
    await expect(deliverBisecting(rows(4, [2]), (b) => store.insert(b), park)).rejects.toMatchObject({ code: '08006' });
  });
});
