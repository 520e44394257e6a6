import { CONTENT_TOPIC } from '@quire/contracts';
import { newId } from '@quire/ids';
import type { MessageBus, ReceivedMessage, Subscription } from '@quire/platform/bus';
import { DeadLetters } from '@quire/platform/dead-letters';
import type { ServiceClients } from '@quire/platform/grpc';
import { Metrics } from '@quire/platform/http';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { CONTENT_EVENTS_CONSUMER, subscribeToContentEvents } from '../src/modules/sites/consumers/content-events.consumer';
import { openSitesDb, seedSite, silentLogger, siteSpacesOf } from './sites-db';

/** A bus that only records the subscription, so the test delivers messages itself (and twice). */
class CapturingBus implements MessageBus {
  subscription: Subscription | null = null;
  async publish() {}
  async subscribe(subscription: Subscription) {
    this.subscription = subscription;
  }
  async close() {}
}

const message = (id: string, type: string, data: Record<string, unknown>): ReceivedMessage => ({
  topic: CONTENT_TOPIC,
  key: String(data.spaceId),
  value: JSON.stringify({ id, type, occurredAt: '2026-01-01T00:00:00Z', data }),
});

describe('content events consumer', () => {
  let db: PgliteDatabase;
  let deliver: (m: ReceivedMessage) => Promise<void>;
  let subscription: Subscription;

  // One database for the suite (opening one takes seconds); every test uses spaces of its own.
  beforeAll(async () => {
    db = await openSitesDb();
    const bus = new CapturingBus();
    // Content answers no space: the published-space projection has its own tests (published-spaces.test.ts).
    const clients = { content: () => ({ getSpaces: async () => ({ spaces: [] }) }) } as unknown as ServiceClients;
    await subscribeToContentEvents({ bus, db, logger: silentLogger, clients, clock: () => new Date(), metrics: new Metrics('sites-test') });
    expect(bus.subscription).toMatchObject({ groupId: CONTENT_EVENTS_CONSUMER, topics: [CONTENT_TOPIC] });
    subscription = bus.subscription as Subscription;
    deliver = subscription.handle;
  });
  afterAll(async () => {
    await db.close();
  });
  let a: string;
  let b: string;
  let c: string;
  beforeEach(() => {
    [a, b, c] = [newId(), newId(), newId()];
  });

  it('hides the site spaces of a deleted space (the next takes over as default) and shows them on restore', async () => {
    const site = await seedSite(db, 'org1', [a, b]);
    const other = await seedSite(db, 'org1', [c, a]);
    await deliver(message(newId(), 'space.deleted', { spaceId: a, organizationId: 'org1' }));
    expect(await siteSpacesOf(db, site)).toEqual([
      [a, false, true],
      [b, true, false],
    ]);
    expect(await siteSpacesOf(db, other)).toEqual([
      [c, true, false],
      [a, false, true],
    ]);
    await deliver(message(newId(), 'space.restored', { spaceId: a, organizationId: 'org1' }));
    expect(await siteSpacesOf(db, site)).toEqual([
      [a, false, false],
      [b, true, false],
    ]);
  });

  it('gives a default back to a parent whose only site space is restored', async () => {
    const site = await seedSite(db, 'org1', [a]);
    await deliver(message(newId(), 'space.deleted', { spaceId: a, organizationId: 'org1' }));
    expect(await siteSpacesOf(db, site)).toEqual([[a, false, true]]);
    await deliver(message(newId(), 'space.restored', { spaceId: a, organizationId: 'org1' }));
    expect(await siteSpacesOf(db, site)).toEqual([[a, true, false]]);
  });

  it("removes a space transferred to another organization from the old organization's sites only", async () => {
    const site = await seedSite(db, 'org1', [a, b]);
    const elsewhere = await seedSite(db, 'org2', [a]);
    // A "transfer" within the same organization changes nothing.
    await deliver(
      message(newId(), 'space.transferred', { spaceId: a, from: 'org1', to: 'org1', previousParent: null, customFieldValues: { moved: 0, dropped: 0 } }),
    );
    expect(await siteSpacesOf(db, site)).toHaveLength(2);
    await deliver(
      message(newId(), 'space.transferred', { spaceId: a, from: 'org1', to: 'org2', previousParent: null, customFieldValues: { moved: 0, dropped: 0 } }),
    );
    expect(await siteSpacesOf(db, site)).toEqual([[b, true, false]]);
    expect(await siteSpacesOf(db, elsewhere)).toEqual([[a, true, false]]);
  });

  it('removes the site spaces of a purged space for good', async () => {
    const site = await seedSite(db, 'org1', [a, b]);
    await deliver(message(newId(), 'space.deleted', { spaceId: b, organizationId: 'org1' }));
    await deliver(message(newId(), 'space.purged', { spaceId: b, organizationId: 'org1' }));
    expect(await siteSpacesOf(db, site)).toEqual([[a, true, false]]);
    await deliver(message(newId(), 'space.restored', { spaceId: b, organizationId: 'org1' }));
    expect(await siteSpacesOf(db, site)).toEqual([[a, true, false]]);
  });

  it('applies a replayed event once: the replay changes nothing', async () => {
    const site = await seedSite(db, 'org1', [a, b]);
    const deletedId = newId();
    const deleted = message(deletedId, 'space.deleted', { spaceId: a, organizationId: 'org1' });
    await deliver(deleted);
    await deliver(message(newId(), 'space.restored', { spaceId: a, organizationId: 'org1' }));
    const before = await siteSpacesOf(db, site);
    expect(before).toEqual([
      [a, false, false],
      [b, true, false],
    ]);
    // Kafka redelivers the old deletion (at-least-once): it must not hide the space again.
    await deliver(deleted);
    expect(await siteSpacesOf(db, site)).toEqual(before);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM processed_events WHERE consumer = $1 AND event_id = $2', [
      CONTENT_EVENTS_CONSUMER,
      deletedId,
    ]);
    expect(rows[0]?.n).toBe(1);
  });

  it('ignores other events, and a message that is not an event is parked as a dead letter', async () => {
    const site = await seedSite(db, 'org1', [a]);
    await deliver(message(newId(), 'space.updated', { spaceId: a, organizationId: 'org1', fields: ['title'] }));
    await expect(deliver({ topic: CONTENT_TOPIC, key: a, value: 'not json' })).rejects.toThrow('is not JSON');
    // On the service's bus every subscription is guarded: the same message is parked and the consumer moves on.
    const deadLetters = new DeadLetters(db, silentLogger);
    await deadLetters.guard(subscription).handle({ topic: CONTENT_TOPIC, key: a, value: 'not json' });
    expect(await deadLetters.list({ consumer: CONTENT_EVENTS_CONSUMER })).toMatchObject([{ key: a, value: 'not json', status: 'parked' }]);
    expect(await siteSpacesOf(db, site)).toEqual([[a, true, false]]);
  });

  it("parks an event that does not match content's schema instead of retrying it, and applies nothing of it", async () => {
    const site = await seedSite(db, 'org1', [a]);
    const deadLetters = new DeadLetters(db, silentLogger);
    const guarded = deadLetters.guard(subscription);
    const malformed = [
      message(newId(), 'space.deleted', { spaceId: a }), // organizationId missing
      message(newId(), 'space.deleted', { spaceId: 42, organizationId: 'org1' }), // wrong type
      message(newId(), 'space.vanished', { spaceId: a, organizationId: 'org1' }), // undeclared type
    ];
    for (const m of malformed) {
      await expect(deliver(m)).rejects.toMatchObject({ name: 'MalformedEventError' });
      await guarded.handle(m); // parked: the guard does not throw it back to the bus for a retry
    }
    const parked = (await deadLetters.list({ consumer: CONTENT_EVENTS_CONSUMER })).filter((l) => malformed.some((m) => m.value === l.value));
    expect(parked).toHaveLength(3);
    expect(parked.map((l) => l.status)).toEqual(['parked', 'parked', 'parked']);
    expect(parked[0]?.error).toContain('data.organizationId');
    expect(parked[1]?.error).toContain('data.spaceId');
    expect(parked[2]?.error).toContain('undeclared type "space.vanished"');
    // Nothing was applied: the space is still shown, and none of the events counts as processed.
    expect(await siteSpacesOf(db, site)).toEqual([[a, true, false]]);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM processed_events WHERE consumer = $1 AND event_id = ANY($2)', [
      CONTENT_EVENTS_CONSUMER,
      malformed.map((m) => (JSON.parse(m.value) as { id: string }).id),
    ]);
    expect(rows[0]?.n).toBe(0);
  });
});
