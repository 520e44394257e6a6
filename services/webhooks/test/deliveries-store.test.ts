import { join } from 'node:path';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { openServiceDb } from '../../../test/support/service-db';
import { scheduleDeliveries } from '../src/modules/webhooks/application/schedule-deliveries';
import { claimDueDeliveries, pruneDeliveries, recordAttempt, type ClaimedDelivery } from '../src/modules/webhooks/store/deliveries.store';
import { insertWebhook, updateWebhookRow } from '../src/modules/webhooks/store/webhooks.store';

// The delivery queue against a real (embedded) Postgres: fan-out is idempotent, and claims respect
// the per-webhook limit (a backlog on one endpoint does not stand before another's deliveries).

let db: PgliteDatabase;
const now = new Date('2026-11-27T10:00:00Z');
const lease = new Date(now.getTime() + 60_000);

beforeAll(async () => {
  db = await openServiceDb('webhooks', join(__dirname, '..', 'migrations'));
  for (const id of ['busy', 'quiet', 'other-org', 'off']) {
    await insertWebhook(
      db,
      {
        id,
        organizationId: id === 'other-org' ? 'org2' : 'org1',
        url: 'https://example.com/hook',
        events: id === 'quiet' ? ['member_added'] : ['*'],
        spaceIds: null,
        siteIds: null,
        description: null,
        active: true,
        secretSealed: 'sealed',
        createdBy: 'u1',
      },
      now,
    );
  }
  await updateWebhookRow(db, 'org1', 'off', { active: false }, now);
});
afterAll(() => db.close());

const spaceCreated = (n: number) => ({
  id: `evt-space-${n}`,
  type: 'space.created',
  occurredAt: now.toISOString(),
  data: { spaceId: `s${n}`, organizationId: 'org1', parent: null },
});

it('schedules one delivery per receiving webhook and event, once', async () => {
  expect(await scheduleDeliveries(db, spaceCreated(0), now)).toBe(1); // busy only: quiet does not subscribe, off is off, other-org is elsewhere
  expect(await scheduleDeliveries(db, spaceCreated(0), now)).toBe(0);
  expect(
    await scheduleDeliveries(db, { id: 'evt-member', type: 'member.added', occurredAt: '', data: { organizationId: 'org1', userId: 'u2', role: 'read' } }, now),
  ).toBe(2);
  expect(await scheduleDeliveries(db, { id: 'evt-token', type: 'token.revoked', occurredAt: '', data: { tokenId: 't', userId: 'u' } }, now)).toBe(0);
});

it('claims at most `perWebhook` per webhook, counting what is in flight, round robin', async () => {
  for (let n = 1; n < 10; n++) await scheduleDeliveries(db, spaceCreated(n), now);
  const claim = (max = 64) => db.transaction((tx) => claimDueDeliveries(tx, { now, leaseUntil: lease, perWebhook: 4, perOrganization: 64, max }));
  const first = await claim();
  const byWebhook = (claimed: ClaimedDelivery[]) => claimed.reduce<Record<string, number>>((n, d) => ({ ...n, [d.webhookId]: (n[d.webhookId] ?? 0) + 1 }), {});
  expect(byWebhook(first)).toEqual({ busy: 4, quiet: 1 });
  expect(first.every((d) => d.attempt === 1)).toBe(true);
  // All of busy's slots are taken until an attempt ends or its lease runs out.
  expect(await claim()).toEqual([]);
  const done = first.find((d) => d.webhookId === 'busy')!;
  await db.transaction((tx) =>
    recordAttempt(tx, {
      deliveryId: done.id,
      attempt: 1,
      attemptedAt: now,
      statusCode: 200,
      error: null,
      durationMs: 5,
      response: 'ok',
      state: 'succeeded',
      failures: 0,
      nextAttemptAt: null,
    }),
  );
  expect(byWebhook(await claim())).toEqual({ busy: 1 });
  // A dead copy's claims are taken again once their lease is over.
  const later = new Date(lease.getTime() + 1);
  const reclaimed = await db.transaction((tx) =>
    claimDueDeliveries(tx, { now: later, leaseUntil: new Date(later.getTime() + 60_000), perWebhook: 4, perOrganization: 64, max: 64 }),
  );
  expect(byWebhook(reclaimed)).toEqual({ busy: 4, quiet: 1 });
  expect(reclaimed.filter((d) => d.attempt === 2)).toHaveLength(5);
});

it('prunes deliveries and their attempts older than the retention, never one in flight', async () => {
  const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0]!.n;
  const before = await count('SELECT count(*)::int AS n FROM webhook_deliveries');
  const inFlight = await count(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE state = 'delivering'`);
  expect(await count('SELECT count(*)::int AS n FROM webhook_delivery_attempts')).toBeGreaterThan(0);
  expect(await pruneDeliveries(db, now, 1000)).toBe(0); // nothing older than `now`
  expect(await pruneDeliveries(db, new Date(now.getTime() + 3_600_000), 2)).toBe(2); // a batch at a time
  expect(await pruneDeliveries(db, new Date(now.getTime() + 3_600_000), 1000)).toBe(before - inFlight - 2);
  expect(await count('SELECT count(*)::int AS n FROM webhook_deliveries')).toBe(inFlight);
  expect(await count('SELECT count(*)::int AS n FROM webhook_delivery_attempts')).toBe(0);
});
