import { createLogger, enqueueEvent, idempotentConsumer, InProcessBus, migrate, COMMON_MIGRATIONS_DIR, OutboxRelay, PgliteDatabase, type BusMessage, type MessageBus, type ReceivedMessage } from '../src';

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
      await enqueueEvent(tx, { topic: 't', key: 'a', type: 'thing.created', data: { id: 'a' } });
      await enqueueEvent(tx, { topic: 't', key: 'a', type: 'thing.updated', data: { id: 'a' } });
    });
    await expect(
      db.transaction(async (tx) => {
        await enqueueEvent(tx, { topic: 't', key: 'b', type: 'thing.created', data: { id: 'b' } });
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
    await db.transaction((tx) => enqueueEvent(tx, { topic: 't', key: 'k', type: 'x', data: {} }));
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
    await db.transaction((tx) => enqueueEvent(tx, { topic: 't', key: 'k', type: 'hello', data: {} }));
    relay.nudge();
    const deadline = Date.now() + 3000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await relay.stop();
    expect(received).toEqual(['hello']);
  });
});

describe('idempotent consumer', () => {
  it('applies an event once however often it is delivered, and retries after a failure', async () => {
    const db = await openDb();
    let failNext = true;
    const handle = idempotentConsumer(db, 'things-projection', logger, async (tx, event) => {
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
    await handle({ ...message, value: 'not json' });
    await db.close();
  });
});
