import { contentEvents, parseEvent } from '@quire/contracts';
import type { ReceivedMessage } from '../src/bus';
import { createLogger } from '../src/logger';
import { apiActor, enqueueRawEvent, idempotentConsumer, runAsActor, scriptActor } from '../src/outbox';
import { migrate, COMMON_MIGRATIONS_DIR } from '../src/sql';
import { PgliteDatabase } from '../src/sql/pglite';

// Every outbox event carries who caused it, taken from the flow's context, never from its call site.

const logger = createLogger('test', 'silent');
let db: PgliteDatabase;

beforeAll(async () => {
  db = await PgliteDatabase.open(undefined);
  await migrate(db, [{ prefix: 'common', dir: COMMON_MIGRATIONS_DIR }], logger);
});
afterAll(() => db.close());

const enqueue = () => db.transaction((tx) => enqueueRawEvent(tx, { topic: 't', key: 'k', type: 'thing.created', data: {} }));

describe('the actor of an outbox event', () => {
  it('is the API caller inside a verified request, across awaits', async () => {
    const envelope = await runAsActor(apiActor({ userId: 'u1', tokenId: 't1' }, 'req-1'), async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return enqueue();
    });
    expect(envelope.actor).toEqual({ type: 'user', id: 'u1', tokenId: 't1', source: 'api', correlationId: 'req-1' });
  });

  it("is the CLI for an operator's admin call", async () => {
    const envelope = await runAsActor(scriptActor('op-1'), enqueue);
    expect(envelope.actor).toEqual({ type: 'system', id: 'cli', source: 'script', correlationId: 'op-1' });
  });

  it('is Quire itself, correlated with the event, outside any caller', async () => {
    const envelope = await enqueue();
    expect(envelope.actor).toEqual({ type: 'system', id: 'quire', source: 'system', correlationId: envelope.id });
  });

  it("is Quire reacting to the consumed event in a consumer, in the cause's correlation", async () => {
    const cause = {
      id: 'ev-1',
      type: 'space.restored',
      occurredAt: new Date().toISOString(),
      data: { spaceId: 's', organizationId: 'o' },
      actor: { type: 'user', id: 'u1', source: 'api', correlationId: 'req-9' },
    };
    let reaction: Awaited<ReturnType<typeof enqueue>> | undefined;
    const handle = idempotentConsumer(db, 'reactor', contentEvents, async (tx) => {
      reaction = await enqueueRawEvent(tx, { topic: 't', key: 'k', type: 'thing.followed', data: {} });
    });
    await runAsActor(apiActor({ userId: 'someone-else', tokenId: 't' }, 'req-other'), () =>
      handle({ topic: 'content.events', key: 's', value: JSON.stringify(cause) } as ReceivedMessage),
    );
    expect(reaction?.actor).toEqual({ type: 'system', id: 'quire', source: 'system', correlationId: 'req-9', causedBy: 'ev-1' });
  });
});

describe('reading an envelope', () => {
  const event = { id: 'e', type: 'space.restored', occurredAt: '2026-01-01T00:00:00Z', data: { spaceId: 's', organizationId: 'o' } };

  it('gives the actor to consumers that read it', () => {
    const actor = { type: 'user', id: 'u', source: 'api', correlationId: 'c' };
    expect(parseEvent(contentEvents, JSON.stringify({ ...event, actor })).actor).toEqual(actor);
  });

  it('accepts envelopes without one, and drops one it cannot read instead of parking the event', () => {
    expect(parseEvent(contentEvents, JSON.stringify(event)).actor).toBeUndefined();
    const odd = parseEvent(contentEvents, JSON.stringify({ ...event, actor: { type: 'robot' } }));
    expect(odd.actor).toBeUndefined();
    expect(odd.data).toEqual(event.data);
  });
});
