import { IDENTITY_TOPIC } from '@quire/contracts';
import { newId } from '@quire/ids';
import type { MessageBus, ReceivedMessage, Subscription } from '@quire/platform/bus';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { DEFAULT_SITE_CONSUMER, subscribeToOrganizationsCreated } from '../src/modules/sites/consumers/default-site.consumer';
import { openSitesDb, silentLogger } from './sites-db';

/** A bus that only records the subscription, so the test delivers messages itself (and twice). */
class CapturingBus implements MessageBus {
  subscription: Subscription | null = null;
  async publish() {}
  async subscribe(subscription: Subscription) {
    this.subscription = subscription;
  }
  async close() {}
}

const now = new Date('2026-01-02T03:04:05Z');
const created = (id: string, data: Record<string, unknown>): ReceivedMessage => ({
  topic: IDENTITY_TOPIC,
  key: String(data.organizationId),
  value: JSON.stringify({ id, type: 'organization.created', occurredAt: now.toISOString(), data }),
});

describe('default site consumer', () => {
  let db: PgliteDatabase;
  let deliver: (m: ReceivedMessage) => Promise<void>;
  beforeAll(async () => {
    db = await openSitesDb();
    const bus = new CapturingBus();
    await subscribeToOrganizationsCreated({ bus, db, logger: silentLogger, clock: () => now });
    expect(bus.subscription).toMatchObject({ groupId: DEFAULT_SITE_CONSUMER, topics: [IDENTITY_TOPIC] });
    deliver = (bus.subscription as Subscription).handle;
  });
  afterAll(async () => {
    await db.close();
  });
  const sitesOf = async (orgId: string) =>
    (await db.query<{ title: string; type: string; visibility: string }>('SELECT title, type, visibility FROM sites WHERE organization_id = $1', [orgId])).rows;
  const siteEvents = async () =>
    (await db.query<{ payload: string }>('SELECT payload FROM outbox ORDER BY seq')).rows.map(
      (r) => JSON.parse(r.payload) as { type: string; data: Record<string, unknown> },
    );

  it('creates one basic public site titled like the organization, once, announced as created by the creator', async () => {
    const orgId = newId();
    const eventId = newId();
    await deliver(created(eventId, { organizationId: orgId, title: 'Acme', createdBy: 'u1', withDefaultSite: true }));
    await deliver(created(eventId, { organizationId: orgId, title: 'Acme', createdBy: 'u1', withDefaultSite: true }));
    expect(await sitesOf(orgId)).toEqual([{ title: 'Acme', type: 'basic', visibility: 'public' }]);
    const announced = (await siteEvents()).filter((e) => e.data.organizationId === orgId);
    expect(announced).toMatchObject([{ type: 'site.created', data: { organizationId: orgId, title: 'Acme', spaces: [], createdBy: 'u1' } }]);
  });

  it('creates none without withDefaultSite, for the operator, and cuts a long title to 128 code points', async () => {
    const [plain, operator, long] = [newId(), newId(), newId()];
    await deliver(created(newId(), { organizationId: plain, title: 'Plain', createdBy: 'u1', withDefaultSite: false }));
    await deliver(created(newId(), { organizationId: operator, title: 'By the CLI' }));
    await deliver(created(newId(), { organizationId: long, title: 'é'.repeat(200), createdBy: 'u1', withDefaultSite: true }));
    expect(await sitesOf(plain)).toEqual([]);
    expect(await sitesOf(operator)).toEqual([]);
    expect((await sitesOf(long)).map((s) => [...s.title].length)).toEqual([128]);
  });
});
