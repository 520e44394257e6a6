import { InProcessBus, type BusMessage, type MessageBus, type ReceivedMessage } from '../src/bus';
import { createLogger } from '../src/logger';
import { enqueueRawEvent, idempotentConsumer, OutboxRelay, OutboxSweeper } from '../src/outbox';
import { idleBackoffMs } from '@quire/helpers';
import { IDLE_RELAY_INTERVAL_MS, RELAY_INTERVAL_MS, SOLE_WRITER_RELAY_INTERVAL_MS } from '../src/outbox/relay';
import { migrate, COMMON_MIGRATIONS_DIR } from '../src/sql';
import { PgliteDatabase } from '../src/sql/pglite';

const logger = createLogger('test', 'silent');

async function openDb(): Promise<PgliteDatabase> {
  const db = await PgliteDatabase.open(undefined);
  await migrate(db, [{ prefix: 'common', dir: COMMON_MIGRATIONS_DIR }], logger);
  await db.exec('CREATE TABLE things (id TEXT PRIMARY KEY)');
  return db;
}

/** A bus that can be switched off, like Kafka going away. */
class FlakyBus implements MessageBus {
  up = true;
  readonly published: BusMessage[] = [];
  async publish(_topic: string, messages: BusMessage[]) {
    if (!this.up) throw new Error('broker down');
    this.published.push(...messages);
  }
  async subscribe() {}
  async close() {}
}

describe('transactional outbox', () => {
  let db: PgliteDatabase;
  beforeEach(async () => {
    db = await openDb();
  });
  afterEach(async () => {
    await db.close();
  });

  it('publishes only committed events, in order, once', async () => {
    const bus = new FlakyBus();
    const relay = new OutboxRelay(db, bus, logger);
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO things VALUES ('a')");
      await enqueueRawEvent(tx, { topic: 't', key: 'a', type: 'thing.created', data: { id: 'a' } });
      await enqueueRawEvent(tx, { topic: 't', key: 'a', type: 'thing.updated', data: { id: 'a' } });
    });
    await expect(
      db.transaction(async (tx) => {
        await enqueueRawEvent(tx, { topic: 't', key: 'b', type: 'thing.created', data: { id: 'b' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    expect(await relay.publishPending()).toBe(2);
    expect(await relay.publishPending()).toBe(0);
    expect(bus.published.map((m) => JSON.parse(m.value).type)).toEqual(['thing.created', 'thing.updated']);
  });

  it('keeps events while the bus is down and sends them when it is back', async () => {
    const bus = new FlakyBus();
    const relay = new OutboxRelay(db, bus, logger);
    await db.transaction((tx) => enqueueRawEvent(tx, { topic: 't', key: 'k', type: 'x', data: {} }));
    bus.up = false;
    await expect(relay.publishPending()).rejects.toThrow('broker down');
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
    expect(rows[0]?.n).toBe(1);
    bus.up = true;
    expect(await relay.publishPending()).toBe(1);
    expect(bus.published).toHaveLength(1);
  });

  it('delivers through the running relay to an in-process subscriber', async () => {
    const bus = new InProcessBus(logger);
    const received: string[] = [];
    await bus.subscribe({ groupId: 'g', topics: ['t'], handle: async (m) => void received.push(JSON.parse(m.value).type) });
    const relay = new OutboxRelay(db, bus, logger, 20);
    relay.start();
    await db.transaction((tx) => enqueueRawEvent(tx, { topic: 't', key: 'k', type: 'hello', data: {} }));
    const deadline = Date.now() + 3000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await relay.stop();
    expect(received).toEqual(['hello']);
  });
});

describe('outbox wake-up and pruning', () => {
  let db: PgliteDatabase;
  beforeEach(async () => {
    db = await openDb();
  });
  afterEach(async () => {
    await db.close();
  });

  it('wakes the relay when a transaction that wrote events commits, not on rollback or other writes', async () => {
    const wakes: string[] = [];
    db.onSignal('outbox', () => void wakes.push('outbox'));
    await db.transaction((tx) => tx.query("INSERT INTO things VALUES ('no-event')"));
    expect(wakes).toEqual([]);
    await expect(
      db.transaction(async (tx) => {
        await enqueueRawEvent(tx, { topic: 't', key: 'k', type: 'x', data: {} });
        expect(wakes).toEqual([]); // not before the commit
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(wakes).toEqual([]);
    await db.transaction(async (tx) => {
      await enqueueRawEvent(tx, { topic: 't', key: 'k', type: 'x', data: {} });
      await enqueueRawEvent(tx, { topic: 't', key: 'k', type: 'y', data: {} });
    });
    expect(wakes).toEqual(['outbox']); // once per commit
  });

  it('publishes at once after a commit even with a long polling interval', async () => {
    const bus = new InProcessBus(logger);
    const received: string[] = [];
    await bus.subscribe({ groupId: 'g', topics: ['t'], handle: async (m) => void received.push(JSON.parse(m.value).type) });
    const relay = new OutboxRelay(db, bus, logger, 60_000);
    relay.start();
    await new Promise((r) => setTimeout(r, 50)); // the first pass found nothing; next poll in 60 s
    const committedAt = Date.now();
    await db.transaction((tx) => enqueueRawEvent(tx, { topic: 't', key: 'k', type: 'woken', data: {} }));
    while (received.length === 0 && Date.now() - committedAt < 5000) await new Promise((r) => setTimeout(r, 5));
    await relay.stop();
    expect(received).toEqual(['woken']);
  });

  it('passes again at once when a commit signals during a pass, rather than at the next poll', async () => {
    // On PostgreSQL a commit can land while the relay's pass runs (after its SELECT): that
    // commit's wake-up finds the relay busy, and must still bring the next pass forward.
    const bus: MessageBus = {
      publish: async () => relay.nudge(), // a commit signalled while this pass publishes
      subscribe: async () => {},
      close: async () => {},
    };
    const relay = new OutboxRelay(db, bus, logger, 60_000);
    const passes = jest.spyOn(relay, 'publishPending');
    relay.start();
    await new Promise((r) => setTimeout(r, 50)); // the first pass found nothing; next poll in 60 s
    expect(passes).toHaveBeenCalledTimes(1);
    await db.transaction((tx) => enqueueRawEvent(tx, { topic: 't', key: 'k', type: 'x', data: {} }));
    const committedAt = Date.now();
    while (passes.mock.calls.length < 3 && Date.now() - committedAt < 5000) await new Promise((r) => setTimeout(r, 5));
    await relay.stop();
    // The commit's pass, then one more for the signal that came during it; then it waits.
    expect(passes).toHaveBeenCalledTimes(3);
    expect(Date.now() - committedAt).toBeLessThan(5000);
  });

  it('polls as a fallback every 250 ms on a shared database, every 5 s on one whose commits it all sees', () => {
    expect(db.seesEveryWrite).toBe(true);
    const interval = (relay: OutboxRelay) => (relay as unknown as { intervalMs: number }).intervalMs;
    expect(interval(new OutboxRelay(db, new FlakyBus(), logger))).toBe(SOLE_WRITER_RELAY_INTERVAL_MS);
    const shared = { onSignal: () => {} } as unknown as PgliteDatabase;
    expect(interval(new OutboxRelay(shared, new FlakyBus(), logger))).toBe(RELAY_INTERVAL_MS);
    expect([RELAY_INTERVAL_MS, SOLE_WRITER_RELAY_INTERVAL_MS]).toEqual([250, 5000]);
  });

  it('polls less while passes find nothing (up to 2 s), and at its interval again once one publishes', () => {
    const waits: number[] = [];
    let wait = RELAY_INTERVAL_MS;
    for (const published of [0, 0, 0, 0, 0, 3, 0]) waits.push((wait = idleBackoffMs(wait, published > 0, RELAY_INTERVAL_MS, IDLE_RELAY_INTERVAL_MS)));
    expect(waits).toEqual([500, 1000, 2000, 2000, 2000, 250, 500]);
    expect(IDLE_RELAY_INTERVAL_MS).toBe(2000);
    // A longer interval (embedded mode's) is never shortened.
    expect(idleBackoffMs(SOLE_WRITER_RELAY_INTERVAL_MS, false, SOLE_WRITER_RELAY_INTERVAL_MS, IDLE_RELAY_INTERVAL_MS)).toBe(SOLE_WRITER_RELAY_INTERVAL_MS);
  });

  it('prunes published rows and processed ids past their retention, and keeps the rest', async () => {
    const bus = new FlakyBus();
    const relay = new OutboxRelay(db, bus, logger);
    for (const key of ['old', 'fresh', 'unpublished']) await db.transaction((tx) => enqueueRawEvent(tx, { topic: 't', key, type: 'x', data: {} }));
    await db.query("UPDATE outbox SET published_at = now() - interval '100 hours' WHERE key = 'old'");
    await db.query("UPDATE outbox SET published_at = now() - interval '1 hour' WHERE key = 'fresh'");
    await db.query("INSERT INTO processed_events (consumer, event_id, processed_at) VALUES ('c', 'old', now() - interval '15 days'), ('c', 'fresh', now())");
    const sweeper = new OutboxSweeper(db, logger, { publishedHours: 72, processedHours: 14 * 24 });
    expect(await sweeper.sweep()).toEqual({ outbox: 1, processedEvents: 1 });
    const { rows } = await db.query<{ key: string }>('SELECT key FROM outbox ORDER BY seq');
    expect(rows.map((r) => r.key)).toEqual(['fresh', 'unpublished']);
    const ids = await db.query<{ event_id: string }>('SELECT event_id FROM processed_events');
    expect(ids.rows.map((r) => r.event_id)).toEqual(['fresh']);
    expect(await relay.publishPending()).toBe(1); // the unpublished one still goes out
  });
});

describe('idempotent consumer', () => {
  it('applies an event once however often it is delivered, and retries after a failure', async () => {
    const db = await openDb();
    let failNext = true;
    const handle = idempotentConsumer(db, 'things-projection', async (tx, event) => {
      await tx.query('INSERT INTO things VALUES ($1)', [(event.data as { id: string }).id]);
      if (failNext) {
        failNext = false;
        throw new Error('transient');
      }
    });
    const message: ReceivedMessage = { topic: 't', key: 'k', value: JSON.stringify({ id: 'e1', type: 'thing.created', occurredAt: '', data: { id: 'x' } }) };
    await expect(handle(message)).rejects.toThrow('transient');
    await handle(message);
    await handle(message);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM things');
    expect(rows[0]?.n).toBe(1);
    // Not an envelope: thrown, so the bus's dead-letter guard parks it (dead-letters.test.ts).
    await expect(handle({ ...message, value: 'not json' })).rejects.toThrow('not an event envelope');
    await db.close();
  });
});
