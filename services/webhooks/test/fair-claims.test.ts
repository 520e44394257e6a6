import { join } from 'node:path';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { openServiceDb } from '../../../test/support/service-db';
import { claimDueDeliveries, insertDeliveries, type ClaimedDelivery } from '../src/modules/webhooks/store/deliveries.store';
import { insertWebhook } from '../src/modules/webhooks/store/webhooks.store';

// Fair shares of the delivery slots: an organization whose endpoints hang holds at
// most its share, its webhooks take turns within it, and another organization's delivery is
// claimed at once however old and long the first one's backlog is.

let db: PgliteDatabase;
const now = new Date('2026-11-27T10:00:00Z');
const lease = new Date(now.getTime() + 60_000);
const LOUD_WEBHOOKS = 17;

beforeAll(async () => {
  db = await openServiceDb('webhooks', join(__dirname, '..', 'migrations'));
  const webhook = (id: string, organizationId: string) => ({
    id,
    organizationId,
    url: 'https://example.com/hook',
    events: ['*'],
    spaceIds: null,
    siteIds: null,
    description: null,
    active: true,
    secretSealed: 'sealed',
    createdBy: 'u1',
  });
  for (let i = 0; i < LOUD_WEBHOOKS; i++) await insertWebhook(db, webhook(`loud-${i}`, 'loud'), now);
  await insertWebhook(db, webhook('quiet', 'quiet'), now);
  // The loud organization's backlog is older than anything the quiet one has.
  const earlier = new Date(now.getTime() - 3_600_000);
  const backlog = Array.from({ length: LOUD_WEBHOOKS }, (_, i) =>
    Array.from({ length: 10 }, (_, n) => ({ id: `loud-${i}-${n}`, webhookId: `loud-${i}`, eventId: `e${n}`, eventType: 'space_created', payload: '{}' })),
  ).flat();
  await insertDeliveries(db, backlog, earlier);
});
afterAll(() => db.close());

const claim = (max: number, at = now) =>
  db.transaction((tx) => claimDueDeliveries(tx, { now: at, leaseUntil: lease, perWebhook: 4, perOrganization: 16, max }));
const count = (claimed: ClaimedDelivery[], key: 'webhookId' | 'organizationId') =>
  claimed.reduce<Record<string, number>>((n, d) => ({ ...n, [d[key]]: (n[d[key]] ?? 0) + 1 }), {});
const quietEvent = (n: number) => insertDeliveries(db, [{ id: `quiet-${n}`, webhookId: 'quiet', eventId: `q${n}`, eventType: 'ping', payload: '{}' }], now);

it('takes organizations in turns: a short pass still starts the quiet organization’s delivery', async () => {
  await quietEvent(0);
  const first = await claim(3);
  expect(count(first, 'organizationId')).toEqual({ loud: 2, quiet: 1 });
  // Within the loud organization, its webhooks take turns too.
  expect(new Set(first.filter((d) => d.organizationId === 'loud').map((d) => d.webhookId)).size).toBe(2);
});

it('holds an organization to its share of slots, counted with what is in flight, spread over its webhooks', async () => {
  const second = await claim(64);
  expect(count(second, 'organizationId')).toEqual({ loud: 14 }); // 16 in flight with the first pass's two
  expect(Math.max(...Object.values(count(second, 'webhookId')))).toBe(1); // 17 webhooks share 16 slots
  // Every slot of the loud organization is taken (its endpoints hang): it gets nothing more, and a
  // new delivery of the quiet organization is claimed at once.
  expect(await claim(64)).toEqual([]);
  await quietEvent(1);
  expect((await claim(64)).map((d) => d.id)).toEqual(['quiet-1']);
});

it('gives an organization’s slots back when its attempts end or their lease runs out', async () => {
  const later = new Date(lease.getTime() + 1);
  const reclaimed = await db.transaction((tx) =>
    claimDueDeliveries(tx, { now: later, leaseUntil: new Date(later.getTime() + 60_000), perWebhook: 4, perOrganization: 16, max: 64 }),
  );
  expect(count(reclaimed, 'organizationId')).toEqual({ loud: 16, quiet: 2 });
});
