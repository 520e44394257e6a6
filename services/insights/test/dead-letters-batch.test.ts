import { DependencyUnavailableError } from '@quire/errors';
import type { ReceivedMessage } from '@quire/platform/bus';
import { DeadLetters } from '@quire/platform/dead-letters';
import { createLogger } from '@quire/platform/logger';
import { COMMON_MIGRATIONS_DIR, migrate } from '@quire/platform/sql';
import { PgliteDatabase } from '@quire/platform/sql/pglite';
import { FLUSH_MAX_ROWS, insightsBatchHandler } from '../src/modules/insights/consumers/insights-events.consumer';
import { encodeEventRows } from '../src/modules/insights/domain/event-message';
import type { InsightsEventRow } from '../src/modules/insights/model/event-row';
import type { BatchOrigin, InsightsStore } from '../src/modules/insights/store/insights-store';
import { row } from './store-fixtures';

// The insights consumer behind the dead-letter guard (common/src/dead-letters), against a fake of
// the ClickHouse store that keeps its insert ledger (store/clickhouse/insert-ledger.ts): a batch
// whose offset range overlaps a recorded one is a redelivery, and only its events not stored yet
// are inserted. The fake refuses, atomically, any insert holding a row with a NUL (what ClickHouse
// or Postgres cannot store): bisection must store every good row exactly once and park the bad message.

const logger = createLogger('test', 'silent');
const POISON = 'https://docs.example.com/\u0000';

class LedgerStore implements Pick<InsightsStore, 'insert'> {
  readonly stored = new Map<string, InsightsEventRow>();
  readonly ledger: BatchOrigin[] = [];
  duplicates = 0;
  inserts = 0;
  down = false;

  async insert(rows: InsightsEventRow[], origin?: BatchOrigin): Promise<number> {
    this.inserts++;
    if (this.down) throw new DependencyUnavailableError('ClickHouse is unavailable: connect ECONNREFUSED');
    let fresh = rows;
    if (origin) {
      const overlaps = this.ledger.some(
        (o) => o.topic === origin.topic && o.partition === origin.partition && o.lastOffset >= origin.firstOffset && o.firstOffset <= origin.lastOffset,
      );
      if (overlaps) fresh = rows.filter((r) => !this.stored.has(r.event_id));
      this.ledger.push(origin);
    }
    if (fresh.some((r) => r.url.includes('\u0000'))) {
      throw Object.assign(new Error("Cannot parse input: expected '\"' before: '\\0'"), { code: '27', type: 'CANNOT_PARSE_INPUT_ASSERTION_FAILED' });
    }
    for (const r of fresh) {
      if (this.stored.has(r.event_id)) this.duplicates++;
      this.stored.set(r.event_id, r);
    }
    return rows.length - fresh.length;
  }
}

/** `count` messages of `perMessage` rows on partition 2 from offset 1000; the message at `poisonAt` carries a NUL. */
function messages(count: number, perMessage: number, poisonAt: number[]): { messages: ReceivedMessage[]; rows: InsightsEventRow[][] } {
  const rows = Array.from({ length: count }, (_, m) =>
    Array.from({ length: perMessage }, (_, i) => row(m * perMessage + i, poisonAt.includes(m) && i === 1 ? { url: POISON } : {})),
  );
  return { rows, messages: rows.map((r, m) => ({ topic: 'insights.events', partition: 2, offset: 1000 + m, key: 'site', value: encodeEventRows(r) })) };
}

async function guardedConsumer(store: LedgerStore) {
  const db = await PgliteDatabase.open(undefined);
  await migrate(db, [{ prefix: 'common', dir: COMMON_MIGRATIONS_DIR }], logger);
  const deadLetters = new DeadLetters(db, logger);
  const handleBatch = insightsBatchHandler(store, { logger });
  const subscription = deadLetters.guard({ groupId: 'insights-events-store', topics: ['insights.events'], handle: (m) => handleBatch([m]), handleBatch });
  return { db, deadLetters, handleBatch: subscription.handleBatch as (messages: ReceivedMessage[]) => Promise<void> };
}

describe('insights consumer with dead letters', () => {
  it('stores every good message once and parks only the poisoned one, also when the batch is delivered again', async () => {
    const store = new LedgerStore();
    const { db, deadLetters, handleBatch } = await guardedConsumer(store);
    const batch = messages(20, 5, [7]);
    const good = batch.rows.filter((_, m) => m !== 7).flat();

    await handleBatch(batch.messages);
    expect([...store.stored.keys()].sort()).toEqual(good.map((r) => r.event_id).sort());
    expect(store.duplicates).toBe(0);
    expect(store.inserts).toBeLessThanOrEqual(1 + 2 * 5);
    const [letter, ...others] = await deadLetters.list();
    expect(others).toEqual([]);
    expect(letter).toMatchObject({ consumer: 'insights-events-store', partition: 2, offset: 1007, attempts: 1, value: batch.messages[7]?.value });
    expect(letter?.error).toMatch(/Cannot parse input/);

    // The process died before committing: Kafka delivers the same batch again. The ledger makes
    // every half take the "already stored?" lookup, so nothing is stored twice.
    await handleBatch(batch.messages);
    expect(store.duplicates).toBe(0);
    expect(store.stored.size).toBe(good.length);
    expect(await deadLetters.list()).toMatchObject([{ offset: 1007, attempts: 2 }]);
    await db.close();
  });

  it('bisects across flushes of FLUSH_MAX_ROWS: the flushes stored before the failure are not stored twice', async () => {
    const store = new LedgerStore();
    const { db, deadLetters, handleBatch } = await guardedConsumer(store);
    // 60 messages of 200 rows: one flush of 10,000 rows (stored), then one of 2,000 holding the poison.
    const batch = messages(60, 200, [55]);
    expect(60 * 200).toBeGreaterThan(FLUSH_MAX_ROWS);
    await handleBatch(batch.messages);
    expect(store.stored.size).toBe(59 * 200);
    expect(store.duplicates).toBe(0);
    expect((await deadLetters.list()).map((l) => l.offset)).toEqual([1055]);
    await db.close();
  });

  it('keeps retry-without-loss when the store is down: nothing parked, the batch is thrown back to the bus', async () => {
    const store = new LedgerStore();
    const { db, deadLetters, handleBatch } = await guardedConsumer(store);
    const batch = messages(6, 3, [2]);
    store.down = true;
    await expect(handleBatch(batch.messages)).rejects.toThrow('ClickHouse is unavailable');
    expect(await deadLetters.list()).toEqual([]);
    store.down = false;
    await handleBatch(batch.messages);
    expect(store.stored.size).toBe(5 * 3);
    expect((await deadLetters.list()).map((l) => l.offset)).toEqual([1002]);
    await db.close();
  });

  it('replays a parked message through the consumer (with its origin); it stays parked while the store refuses it', async () => {
    const store = new LedgerStore();
    const { db, deadLetters, handleBatch } = await guardedConsumer(store);
    await handleBatch(messages(3, 2, [1]).messages);
    const [letter] = await deadLetters.list();
    expect(await deadLetters.replay(letter?.id as string)).toMatchObject({ status: 'parked', error: expect.stringMatching(/Cannot parse/) });
    expect(store.ledger.at(-1)).toEqual({ topic: 'insights.events', partition: 2, firstOffset: 1001, lastOffset: 1001 });
    expect((await deadLetters.list())[0]).toMatchObject({ status: 'parked', attempts: 2 });
    await db.close();
  });
});
