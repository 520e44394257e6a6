import type { BusMessage, MessageBus } from '@quire/platform/bus';
import { createLogger } from '@quire/platform/logger';
import { enqueueRawEvent, OutboxRelay } from '@quire/platform/outbox';
import { COMMON_MIGRATIONS_DIR, migrate } from '@quire/platform/sql';
import { PostgresDatabase } from '@quire/platform/sql/postgres';
import { recreateDatabase } from '../support/infra';

// The relay holds its locks while it publishes (relay.ts says why). What that costs on the real
// PostgreSQL: writers of new events and a second replica's relay do not wait on it, and events
// still leave in order.

const logger = createLogger('test', 'silent');

/** A bus whose publish hangs until released, like Kafka answering slowly. */
class StalledBus implements MessageBus {
  readonly published: BusMessage[] = [];
  private release: (() => void) | null = null;
  private onStall: () => void = () => undefined;
  readonly stalled = new Promise<void>((resolve) => (this.onStall = resolve));
  async publish(_topic: string, messages: BusMessage[]): Promise<void> {
    this.onStall();
    await new Promise<void>((resolve) => (this.release = resolve));
    this.published.push(...messages);
  }
  unstall(): void {
    this.release?.();
  }
  async subscribe(): Promise<void> {}
  async close(): Promise<void> {}
}

describe('outbox relay locks on PostgreSQL', () => {
  let db: PostgresDatabase;
  beforeAll(async () => {
    db = new PostgresDatabase(await recreateDatabase('quire_outbox_lock'), logger);
    await migrate(db, [{ prefix: 'common', dir: COMMON_MIGRATIONS_DIR }], logger);
  });
  afterAll(async () => {
    await db.close();
  });

  it('lets writers commit and a second relay skip its pass while a publish is stalled, in order', async () => {
    await db.transaction((tx) => enqueueRawEvent(tx, { topic: 't', key: 'first', type: 'x', data: {} }));
    const bus = new StalledBus();
    const relay = new OutboxRelay(db, bus, logger);
    const publishing = relay.publishPending();
    await bus.stalled; // the relay holds the row lock of "first" now

    // Were the writer or the second relay to wait on the lock, they would wait for ever: the
    // stalled publish is released only after both.
    await db.transaction((tx) => enqueueRawEvent(tx, { topic: 't', key: 'second', type: 'x', data: {} }));

    // Another replica's relay skips its pass instead of waiting, or overtaking "first".
    const otherBus = {
      published: [] as BusMessage[],
      publish: async (_t: string, m: BusMessage[]) => void otherBus.published.push(...m),
      subscribe: async () => undefined,
      close: async () => undefined,
    };
    const other = new OutboxRelay(db, otherBus, logger);
    expect(await other.publishPending()).toBe(0);

    bus.unstall();
    expect(await publishing).toBe(1);
    expect(bus.published.map((m) => m.key)).toEqual(['first']);
    expect(await other.publishPending()).toBe(1);
    expect(otherBus.published.map((m) => m.key)).toEqual(['second']);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
    expect(rows[0]?.n).toBe(0);
  });
});
