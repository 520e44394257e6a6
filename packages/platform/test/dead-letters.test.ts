import type { AddressInfo } from 'node:net';
import express from 'express';
import { InProcessBus, type ReceivedMessage } from '../src/bus';
import { DEAD_LETTERS_LIST, DEAD_LETTERS_PATH, DEAD_LETTERS_REPLAY, DeadLetters, deadLetterRoutes, type DeadLetter } from '../src/dead-letters';
import { ADMIN_HEADER, finishServiceApp, Metrics } from '../src/http';
import { createLogger } from '../src/logger';
import { idempotentConsumer } from '../src/outbox';
import { COMMON_MIGRATIONS_DIR, migrate } from '../src/sql';
import { PgliteDatabase } from '../src/sql/pglite';
import { signAdminCall } from '@quire/access';

const logger = createLogger('test', 'silent');
const SECRET = 'a-secret-of-at-least-16-chars';

async function openDb(): Promise<PgliteDatabase> {
  const db = await PgliteDatabase.open(undefined);
  await migrate(db, [{ prefix: 'common', dir: COMMON_MIGRATIONS_DIR }], logger);
  await db.exec('CREATE TABLE things (id TEXT PRIMARY KEY, name TEXT NOT NULL)');
  return db;
}

function event(id: string, name: string | null): { key: string; value: string } {
  return { key: id, value: JSON.stringify({ id, type: 'thing.created', occurredAt: '', data: { id, name } }) };
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
    value = await read();
  }
  return value;
}

async function counted(metrics: Metrics, consumer: string): Promise<number> {
  const metric = await metrics.deadLetters.get();
  return metric.values.find((v) => v.labels.consumer === consumer)?.value ?? 0;
}

/** A consumer of `things.events` whose writes fail on a NULL name (a permanent, data error) or while `down`. */
async function setUp() {
  const db = await openDb();
  const metrics = new Metrics('test');
  const deadLetters = new DeadLetters(db, logger, metrics.deadLetters);
  const raw = new InProcessBus(logger);
  const bus = deadLetters.guardBus(raw);
  const state = { down: false, calls: 0 };
  await bus.subscribe({
    groupId: 'things-projection',
    topics: ['things.events'],
    handle: idempotentConsumer(db, 'things-projection', async (tx, e) => {
      state.calls++;
      if (state.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      const data = e.data as { id: string; name: string | null };
      await tx.query('INSERT INTO things (id, name) VALUES ($1, $2)', [data.id, data.name]);
    }),
  });
  const things = async () => (await db.query<{ id: string }>('SELECT id FROM things ORDER BY id')).rows.map((r) => r.id);
  return { db, metrics, deadLetters, bus, raw, state, things };
}

describe('dead letters', () => {
  it('parks a message that fails for good, counts and keeps consuming; the message is stored as delivered', async () => {
    const { db, metrics, deadLetters, bus, things } = await setUp();
    await bus.publish('things.events', [event('a', 'A'), event('bad', null), { key: 'nul', value: 'not json \u0000 at all' }, event('c', 'C')]);
    expect(await eventually(things, (t) => t.length === 2)).toEqual(['a', 'c']);
    const letters = await eventually(
      () => deadLetters.list(),
      (l) => l.length === 2,
    );
    expect(letters).toMatchObject([
      { consumer: 'things-projection', topic: 'things.events', key: 'bad', status: 'parked', attempts: 1, partition: null, offset: null },
      { consumer: 'things-projection', key: 'nul', value: 'not json \u0000 at all', error: expect.stringContaining('not an event envelope') },
    ]);
    // With Postgres's detail, which says what in the data was refused.
    expect(letters[0]?.error).toMatch(/null value in column "name".*: Failing row contains/);
    expect(await counted(metrics, 'things-projection')).toBe(2);
    await bus.close();
    await db.close();
  });

  it('keeps retrying a transient failure without parking or losing the message', async () => {
    const { db, deadLetters, bus, state, things } = await setUp();
    state.down = true;
    await bus.publish('things.events', [event('a', 'A')]);
    await eventually(
      async () => state.calls,
      (n) => n >= 2,
    );
    expect(await deadLetters.list()).toEqual([]);
    state.down = false;
    expect(await eventually(things, (t) => t.length === 1)).toEqual(['a']);
    expect(await deadLetters.list()).toEqual([]);
    await bus.close();
    await db.close();
  });

  it('replays a parked message through the same handler: a failure keeps it parked with attempts + 1, a success marks it replayed', async () => {
    const { db, deadLetters, bus, things } = await setUp();
    await bus.publish('things.events', [event('x', null)]);
    const [letter] = await eventually(
      () => deadLetters.list(),
      (l) => l.length === 1,
    );
    const id = (letter as DeadLetter).id;

    expect(await deadLetters.replay(id)).toMatchObject({ id, status: 'parked', error: expect.stringMatching(/null value/) });
    expect((await deadLetters.list())[0]).toMatchObject({ id, status: 'parked', attempts: 2, replayedAt: null });

    // The cause is fixed (here: the column now has a default), the replay applies the event once.
    await db.exec('ALTER TABLE things ALTER COLUMN name DROP NOT NULL');
    expect(await deadLetters.replay(id)).toEqual({ id, consumer: 'things-projection', status: 'replayed' });
    expect(await things()).toEqual(['x']);
    expect((await deadLetters.list())[0]).toMatchObject({ id, status: 'replayed', attempts: 2, replayedAt: expect.any(String) });
    // Replaying again changes nothing; the event is recorded as processed anyway.
    expect(await deadLetters.replay(id)).toMatchObject({ status: 'replayed' });
    expect(await deadLetters.replay('nope')).toBeNull();
    await bus.close();
    await db.close();
  });

  it('parks a redelivered Kafka message once (same partition and offset), counting the attempt', async () => {
    const db = await openDb();
    const metrics = new Metrics('test');
    const deadLetters = new DeadLetters(db, logger, metrics.deadLetters);
    const guarded = deadLetters.guard({
      groupId: 'g',
      consumer: 'things',
      topics: ['t'],
      handle: async () => Promise.reject(new SyntaxError('Unexpected token')),
    });
    const message: ReceivedMessage = { topic: 't', key: 'k', value: '{', partition: 3, offset: 42 };
    await guarded.handle(message);
    await guarded.handle(message);
    await guarded.handle({ ...message, offset: 43 });
    const letters = await deadLetters.list({ consumer: 'things' });
    expect(letters.map((l) => [l.partition, l.offset, l.attempts])).toEqual([
      [3, 42, 2],
      [3, 43, 1],
    ]);
    expect(await counted(metrics, 'things')).toBe(2);
    await db.close();
  });

  it('bisects a failing batch subscription: good messages applied once, the bad one parked', async () => {
    const db = await openDb();
    const deadLetters = new DeadLetters(db, logger);
    const applied: string[] = [];
    const bus = deadLetters.guardBus(new InProcessBus(logger));
    await bus.subscribe({
      groupId: 'batches',
      topics: ['t'],
      handle: async () => undefined,
      handleBatch: async (messages) => {
        if (messages.some((m) => m.value.includes('POISON'))) throw new Error('Cannot parse input');
        applied.push(...messages.map((m) => m.value));
      },
    });
    await bus.publish(
      't',
      ['1', '2', 'POISON', '4', '5'].map((value) => ({ key: value, value })),
    );
    expect(
      await eventually(
        async () => applied.slice().sort(),
        (a) => a.length === 4,
      ),
    ).toEqual(['1', '2', '4', '5']);
    expect((await deadLetters.list()).map((l) => l.value)).toEqual(['POISON']);
    // A replay of a batch consumer's letter goes through handleBatch with that one message.
    const [letter] = await deadLetters.list();
    expect(await deadLetters.replay((letter as DeadLetter).id)).toMatchObject({ status: 'parked', error: 'Cannot parse input' });
    await bus.close();
    await db.close();
  });

  it('answers the CLI on /internal/dead-letters with an admin signature only', async () => {
    const { db, deadLetters, bus } = await setUp();
    await bus.publish('things.events', [event('bad', null)]);
    await eventually(
      () => deadLetters.list(),
      (l) => l.length === 1,
    );
    const app = express();
    app.use(deadLetterRoutes(deadLetters, SECRET));
    finishServiceApp(app, logger);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${DEAD_LETTERS_PATH}`;
    try {
      expect((await fetch(base)).status).toBe(401);
      expect((await fetch(base, { headers: { [ADMIN_HEADER]: signAdminCall(DEAD_LETTERS_REPLAY, SECRET) } })).status).toBe(401);
      expect((await fetch(base, { headers: { [ADMIN_HEADER]: signAdminCall(DEAD_LETTERS_LIST, 'another-secret-of-16-chars') } })).status).toBe(401);
      const listed = await fetch(`${base}?consumer=things-projection`, { headers: { [ADMIN_HEADER]: signAdminCall(DEAD_LETTERS_LIST, SECRET) } });
      expect(listed.status).toBe(200);
      const { items } = (await listed.json()) as { items: DeadLetter[] };
      expect(items).toHaveLength(1);
      const bad = await fetch(`${base}?limit=0`, { headers: { [ADMIN_HEADER]: signAdminCall(DEAD_LETTERS_LIST, SECRET) } });
      expect(bad.status).toBe(400);

      const replay = (body: unknown) =>
        fetch(`${base}/replay`, {
          method: 'POST',
          headers: { [ADMIN_HEADER]: signAdminCall(DEAD_LETTERS_REPLAY, SECRET), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await replay({ id: 'missing' })).status).toBe(404);
      expect((await replay({ id: 'x', all: true })).status).toBe(400);
      const all = await replay({ all: true });
      expect(all.status).toBe(200);
      expect(((await all.json()) as { items: unknown[] }).items).toMatchObject([{ id: items[0]?.id, status: 'parked' }]);
    } finally {
      server.close();
      await bus.close();
      await db.close();
    }
  });
});
