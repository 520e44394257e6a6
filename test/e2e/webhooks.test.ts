import { Webhook } from 'standardwebhooks';
import { expectError, type ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { buildRoleCast, type OrgClient } from '../support/factories';
import { currentStack } from '../support/stack';
import { WebhookReceiver } from '../support/webhook-receiver';

// Webhooks: an organization's endpoints get its events, signed with Standard Webhooks
// and verified here as a receiver would (the `standardwebhooks` package), retried on failure,
// logged per delivery. The test stacks shrink the retry schedule to ~3 s
// (WEBHOOK_RETRY_SCHEDULE_FOR_TESTS) and allow-list 127.0.0.1 only, so 127.0.0.2 stands for a
// refused private address. The receiver listens on every address: it would see 127.0.0.2 if asked.

const stack = currentStack();
let org: OrgClient;
let other: OrgClient;
let creator: ApiClient;
let outsider: ApiClient;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  ({ org, other, creator, outsider } = await buildRoleCast(stack, 'Webhooks org'));
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
});

const base = () => `/v1/orgs/${org.id}/webhooks`;

interface CreatedWebhook {
  id: string;
  secret: string;
  path: string;
}

/** A webhook of the test organization to `receiver.url(path)`; deleted by the test that made it. */
async function webhookTo(path: string, body: Record<string, unknown> = {}): Promise<CreatedWebhook> {
  const res = await org.api.post(base(), { url: receiver.url(path), events: ['space_created'], ...body });
  expect(res.status).toBe(201);
  return { id: res.body.id, secret: res.body.secret, path: `${base()}/${res.body.id}` };
}

async function newSpace(title = 'Hooked'): Promise<string> {
  const res = await org.api.post(`/v1/orgs/${org.id}/spaces`, { title });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** Verifies a received request as a receiver would; throws when the signature does not hold. */
function verify(secret: string, request: { headers: Record<string, string | string[] | undefined>; body: string }): unknown {
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
  return new Webhook(secret).verify(request.body, headers);
}

/** The webhook's deliveries, newest first. */
async function deliveries(webhookPath: string) {
  const res = await org.api.get(`${webhookPath}/deliveries`);
  expect(res.status).toBe(200);
  return res.body.items as { id: string; eventId: string; eventType: string; state: string; attempts: number; lastStatusCode: number | null }[];
}

describe('webhooks API', () => {
  it('creates, lists, reads, changes and deletes; the secret is shown once', async () => {
    const created = await org.api.post(base(), {
      url: receiver.url('/crud'),
      events: ['space_created', 'change_request_merged'],
      description: 'CI',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      object: 'webhook',
      id: expect.any(String),
      organization: org.id,
      url: receiver.url('/crud'),
      events: ['space_created', 'change_request_merged'],
      spaceIds: null,
      siteIds: null,
      description: 'CI',
      active: true,
      disabledReason: null,
      disabledAt: null,
      previousSecretExpiresAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
      urls: { location: expect.stringMatching(new RegExp(`/v1/orgs/${org.id}/webhooks/${created.body.id}$`)), deliveries: expect.any(String) },
    });
    expect(created.headers.get('location')).toBe(created.body.urls.location);
    const path = `${base()}/${created.body.id}`;

    const read = await org.api.get(path);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('secret');
    expect(read.body).toMatchObject({ id: created.body.id, url: receiver.url('/crud') });
    const list = await org.api.get(`${base()}?limit=1`);
    expect(list.status).toBe(200);
    expect(list.body.items[0]).not.toHaveProperty('secret');
    expect(list.body.count).toBeGreaterThanOrEqual(1);

    const changed = await org.api.patch(path, { events: ['*'], spaceIds: ['space1'], description: null, active: false });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ events: ['*'], spaceIds: ['space1'], description: null, active: false });
    expect((await org.api.patch(path, { spaceIds: null, active: true })).body).toMatchObject({ spaceIds: null, active: true });

    expect((await org.api.delete(path)).status).toBe(204);
    expectError(await org.api.get(path), 404);
    expectError(await org.api.delete(path), 404);
  });

  it('answers 400 naming the field, and refuses private addresses without contacting them', async () => {
    expectError(await org.api.post(base(), { url: 'ftp://example.com/hook', events: ['*'] }), 400, /"url"/);
    expectError(await org.api.post(base(), { url: 'not a url', events: ['*'] }), 400, /"url"/);
    expectError(await org.api.post(base(), { url: receiver.url('/refused', '127.0.0.2'), events: ['*'] }), 400, /"url".*127\.0\.0\.2/);
    expectError(await org.api.post(base(), { url: 'http://169.254.169.254/latest/meta-data', events: ['*'] }), 400, /"url"/);
    expectError(await org.api.post(base(), { url: receiver.url('/x'), events: [] }), 400, /"events"/);
    expectError(await org.api.post(base(), { url: receiver.url('/x'), events: ['space.created'] }), 400, /"events/);
    expectError(await org.api.post(base(), { url: receiver.url('/x') }), 400, /"events"/);
    expectError(await org.api.post(base(), { url: receiver.url('/x'), events: ['*'], spaceIds: ['bad id'] }), 400, /"spaceIds/);
    expectError(await org.api.post(base(), { url: receiver.url('/x'), events: ['*'], secret: 'whsec_mine' }), 400, /secret/);
    const hook = await webhookTo('/fine');
    expectError(await org.api.patch(hook.path, { url: receiver.url('/refused', '127.0.0.2') }), 400, /"url"/);
    expectError(await org.api.patch(hook.path, { active: 'yes' }), 400, /"active"/);
    expect((await org.api.delete(hook.path)).status).toBe(204);
    expect(receiver.to('/refused')).toEqual([]);
  });

  it('is for organization admins only: another organization sees 404, a member below admin 403', async () => {
    const hook = await webhookTo('/private');
    expectError(await other.api.get(hook.path), 404);
    expectError(await other.api.get(`/v1/orgs/${other.id}/webhooks/${hook.id}`), 404);
    expectError(await other.api.patch(`/v1/orgs/${other.id}/webhooks/${hook.id}`, { active: false }), 404);
    expectError(await other.api.delete(`/v1/orgs/${other.id}/webhooks/${hook.id}`), 404);
    expect((await other.api.get(`/v1/orgs/${other.id}/webhooks`)).body.items.map((w: { id: string }) => w.id)).not.toContain(hook.id);
    expectError(await outsider.get(base()), 404);
    expectError(await creator.get(base()), 403);
    expectError(await creator.get(hook.path), 403);
    expectError(await creator.post(base(), { url: receiver.url('/x'), events: ['*'] }), 403);
    expect((await org.api.delete(hook.path)).status).toBe(204);
  });
});

describe('delivery', () => {
  it('delivers a merged change request as change_request_merged and space_content_updated, signed', async () => {
    const spaceId = await newSpace('Merged');
    const hook = await webhookTo('/merged', { events: ['change_request_merged', 'space_content_updated', 'space_visibility_updated'], spaceIds: [spaceId] });
    receiver.on('/page.md', () => ({ status: 200, headers: { 'content-type': 'text/markdown' }, body: '# Release notes\n\nShipped.\n' }));
    const cr = await org.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Notes' });
    expect(cr.status).toBe(201);
    const crPath = `/v1/spaces/${spaceId}/change-requests/${cr.body.id}`;
    expect((await org.api.post(`${crPath}/content/import`, { source: 'markdown', url: receiver.url('/page.md') })).status).toBe(201);
    const merged = await org.api.post(`${crPath}/merge`);
    expect(merged.status).toBe(200);
    expect((await org.api.patch(`/v1/spaces/${spaceId}`, { visibility: 'unlisted' })).status).toBe(200);

    await eventually(async () => receiver.payloads('/merged').length >= 3);
    const received = receiver.to('/merged');
    for (const request of received) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
      expect(verify(hook.secret, request)).toEqual(JSON.parse(request.body));
      expect(request.headers['webhook-id']).toBe(JSON.parse(request.body).eventId);
    }
    expect(() => verify(`whsec_${Buffer.alloc(24).toString('base64')}`, received[0]!)).toThrow();
    const byType = Object.fromEntries(receiver.payloads('/merged').map((p) => [p.type, p]));
    expect(byType.change_request_merged).toEqual({
      eventId: expect.any(String),
      type: 'change_request_merged',
      spaceId,
      organizationId: org.id,
      changeRequestId: cr.body.id,
      number: cr.body.number,
      status: 'merged',
      revisionId: expect.any(String),
      revisionMerged: merged.body.revision,
      mergedBy: expect.any(String),
    });
    // The reference's SpaceContentUpdatedEvent.
    expect(byType.space_content_updated).toEqual({
      eventId: expect.any(String),
      type: 'space_content_updated',
      spaceId,
      organizationId: org.id,
      revisionId: merged.body.revision,
    });
    // The reference's SpaceVisibilityUpdatedEvent.
    expect(byType.space_visibility_updated).toEqual({
      eventId: expect.any(String),
      type: 'space_visibility_updated',
      spaceId,
      organizationId: org.id,
      visibility: 'unlisted',
      previousVisibility: 'private',
    });
    // Recorded once the receiver's answer is in: just after the arrival.
    await eventually(async () => (await deliveries(hook.path)).every((d) => d.state === 'succeeded'));
    expect((await deliveries(hook.path)).map((d) => d.attempts)).toEqual([1, 1, 1]);
    expect((await org.api.delete(hook.path)).status).toBe(204);
  });

  it('retries while the receiver is down and delivers when it is back, logging every attempt', async () => {
    const hook = await webhookTo('/down');
    await receiver.stop();
    try {
      await newSpace('While down');
      await eventually(async () => (await deliveries(hook.path)).some((d) => d.attempts >= 2));
    } finally {
      await receiver.start(receiver.port);
    }
    await eventually(async () => receiver.payloads('/down').length === 1);
    await eventually(async () => (await deliveries(hook.path))[0]?.state === 'succeeded');
    const [delivery] = await deliveries(hook.path);
    const detail = await org.api.get(`${hook.path}/deliveries/${delivery!.id}`);
    expect(detail.status).toBe(200);
    const log = detail.body.attemptLog as { attempt: number; statusCode: number | null; error: string | null }[];
    expect(log.length).toBeGreaterThanOrEqual(2);
    expect(log.slice(0, -1).every((a) => a.statusCode === null && typeof a.error === 'string')).toBe(true);
    expect(log.at(-1)).toMatchObject({ statusCode: 200, error: null });
    expect(detail.body).toMatchObject({ state: 'succeeded', attempts: log.length, lastStatusCode: 200, response: { statusCode: 200, body: 'ok' } });
    expect(JSON.parse(detail.body.request.body)).toMatchObject({ type: 'space_created', organizationId: org.id });
    expect((await org.api.delete(hook.path)).status).toBe(204);
  });

  it('retries a 500 and stops at the 200; 429 honours Retry-After', async () => {
    const hook = await webhookTo('/flaky');
    receiver.on('/flaky', (_, n) => (n === 0 ? { status: 500, body: 'boom' } : n === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 }));
    await newSpace('Flaky');
    await eventually(async () => (await deliveries(hook.path))[0]?.state === 'succeeded');
    const sent = receiver.to('/flaky');
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(sent[2]!.at - sent[1]!.at).toBeGreaterThanOrEqual(950);
    // The first retry is due 80–120 ms after the 500: the worker wakes for it (in embedded mode its
    // fallback look is only every 5 s).
    expect(sent[1]!.at - sent[0]!.at).toBeLessThan(3000);
    const [delivery] = await deliveries(hook.path);
    const detail = await org.api.get(`${hook.path}/deliveries/${delivery!.id}`);
    expect(detail.body.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 429, 200]);
    expect((await org.api.delete(hook.path)).status).toBe(204);
  });

  it('disables the webhook on 410 Gone, and after every attempt failed, with the reason', async () => {
    const gone = await webhookTo('/gone');
    const dead = await webhookTo('/dead');
    receiver.on('/gone', () => ({ status: 410 }));
    receiver.on('/dead', () => ({ status: 503 }));
    await newSpace('Gone');
    await eventually(async () => (await org.api.get(gone.path)).body.active === false);
    expect((await org.api.get(gone.path)).body).toMatchObject({ active: false, disabledReason: expect.stringMatching(/410/), disabledAt: expect.any(String) });
    expect(receiver.to('/gone')).toHaveLength(1);
    await eventually(async () => (await org.api.get(dead.path)).body.active === false, 15000);
    expect((await org.api.get(dead.path)).body.disabledReason).toMatch(/all 6 attempts .* failed .*503/);
    expect(receiver.to('/dead')).toHaveLength(6);
    expect((await deliveries(dead.path))[0]).toMatchObject({ state: 'failed', attempts: 6, lastStatusCode: 503 });
    // A disabled webhook gets nothing until an admin turns it on again.
    await newSpace('After');
    const turnedOn = await org.api.patch(gone.path, { active: true });
    expect(turnedOn.body).toMatchObject({ active: true, disabledReason: null, disabledAt: null });
    for (const hook of [gone, dead]) expect((await org.api.delete(hook.path)).status).toBe(204);
  });

  it('a slow receiver (5 s an answer) does not delay a fast one', async () => {
    const slow = await webhookTo('/slow');
    const fast = await webhookTo('/fast');
    receiver.on('/slow', () => ({ status: 200, delayMs: 5000 }));
    const started = Date.now();
    for (let i = 0; i < 8; i++) await newSpace(`Burst ${i}`);
    await eventually(async () => receiver.to('/fast').length === 8);
    expect(Date.now() - started).toBeLessThan(4500);
    expect(receiver.to('/slow').length).toBeLessThan(8);
    for (const hook of [slow, fast]) expect((await org.api.delete(hook.path)).status).toBe(204);
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const hook = await webhookTo('/moved');
    receiver.on('/moved', () => ({ status: 302, headers: { location: receiver.url('/target') } }));
    await newSpace('Moved');
    await eventually(async () => (await deliveries(hook.path))[0]?.state === 'failed');
    expect((await deliveries(hook.path))[0]).toMatchObject({ attempts: 1, lastStatusCode: 302 });
    expect(receiver.to('/target')).toEqual([]);
    expect((await org.api.get(hook.path)).body.active).toBe(true);
    expect((await org.api.delete(hook.path)).status).toBe(204);
  });
});

describe('ping, redelivery and secret rotation', () => {
  it('pings, and redelivers with the same webhook-id', async () => {
    const hook = await webhookTo('/ping');
    const ping = await org.api.post(`${hook.path}/ping`);
    expect(ping.status).toBe(202);
    expect(ping.body).toMatchObject({ object: 'webhook-delivery', eventType: 'ping', state: 'pending', webhook: hook.id });
    await eventually(async () => receiver.to('/ping').length === 1, 30_000);
    expect(verify(hook.secret, receiver.to('/ping')[0]!)).toEqual({ eventId: ping.body.eventId, type: 'ping', webhookId: hook.id, organizationId: org.id });

    await eventually(async () => (await org.api.get(`${hook.path}/deliveries/${ping.body.id}`)).body.state === 'succeeded');
    const again = await org.api.post(`${hook.path}/deliveries/${ping.body.id}/redeliver`);
    expect(again.status).toBe(202);
    await eventually(async () => receiver.to('/ping').length === 2);
    expect(receiver.to('/ping')[1]!.headers['webhook-id']).toBe(ping.body.eventId);
    await eventually(async () => (await org.api.get(`${hook.path}/deliveries/${ping.body.id}`)).body.attempts === 2);
    expectError(await org.api.post(`${hook.path}/deliveries/nosuchdelivery/redeliver`), 404);
    expectError(await other.api.post(`/v1/orgs/${other.id}/webhooks/${hook.id}/deliveries/${ping.body.id}/redeliver`), 404);

    const page = await org.api.get(`${hook.path}/deliveries?limit=1`);
    expect(page.body).toMatchObject({ count: 1, items: [expect.objectContaining({ id: ping.body.id })] });
    expect((await org.api.delete(hook.path)).status).toBe(204);
  });

  it('rotates the secret: both signatures are sent, and the old secret verifies during the grace period', async () => {
    const hook = await webhookTo('/rotate');
    const rotated = await org.api.post(`${hook.path}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    const grace = Date.parse(rotated.body.previousSecretExpiresAt) - Date.now();
    expect(grace).toBeGreaterThan(23 * 3600_000);
    expect(grace).toBeLessThanOrEqual(24 * 3600_000);
    expect((await org.api.get(hook.path)).body).not.toHaveProperty('secret');

    expect((await org.api.post(`${hook.path}/ping`)).status).toBe(202);
    await eventually(async () => receiver.to('/rotate').length === 1);
    const [request] = receiver.to('/rotate');
    expect(String(request!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(rotated.body.secret, request!)).toMatchObject({ type: 'ping' });
    expect(verify(hook.secret, request!)).toMatchObject({ type: 'ping' });
    expect((await org.api.delete(hook.path)).status).toBe(204);
  });
});
