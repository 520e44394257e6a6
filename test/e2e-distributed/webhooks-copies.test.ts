import { apiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { buildOrganization } from '../support/factories';
import { currentStack, SERVICE_COPIES } from '../support/stack';
import { WebhookReceiver } from '../support/webhook-receiver';

// Two copies of the webhooks service consume the same topics in one consumer group and
// claim deliveries from one Postgres table: every event reaches every webhook once, whichever
// copy read it and whichever sent it.

const stack = currentStack();
const receiver = new WebhookReceiver();

beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

it(`${SERVICE_COPIES} copies deliver each event once per webhook`, async () => {
  // The suite stops and restarts Kafka before this test (faults, insights-ingest-faults): wait until
  // events flow to a webhook again before measuring. After such a restart, delivery has twice been
  // seen to resume only after more than 45 s (docs/webhooks.md, Known issues): that is not what this
  // test is about, and it fails anyway if events never flow.
  const probe = await buildOrganization(stack, 'Webhook copies probe');
  const probeApi = apiClient(stack, probe.admin.token);
  expect((await probeApi.post(`/v1/orgs/${probe.id}/webhooks`, { url: receiver.url('/probe'), events: ['space_created'] })).status).toBe(201);
  expect((await probeApi.post(`/v1/orgs/${probe.id}/spaces`, { title: 'Probe' })).status).toBe(201);
  await eventually(async () => receiver.to('/probe').length >= 1, 150_000);

  const own = await buildOrganization(stack, 'Webhook copies');
  const api = apiClient(stack, own.admin.token);
  const hooks = await Promise.all(
    ['/a', '/b'].map(async (path) => {
      const res = await api.post(`/v1/orgs/${own.id}/webhooks`, { url: receiver.url(path), events: ['space_created'] });
      expect(res.status).toBe(201);
      return res.body.id as string;
    }),
  );
  const spaces: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await api.post(`/v1/orgs/${own.id}/spaces`, { title: `Copy ${i}` });
    expect(res.status).toBe(201);
    spaces.push(res.body.id);
  }
  try {
    await eventually(async () => receiver.to('/a').length >= 20 && receiver.to('/b').length >= 20, 45_000);
  } catch (err) {
    // Say where the missing ones are: never scheduled (the event did not reach the consumers) or pending.
    const states = await Promise.all(
      hooks.map(async (id) => (await api.get(`/v1/orgs/${own.id}/webhooks/${id}/deliveries?limit=100`)).body.items.map((d: { state: string }) => d.state)),
    );
    throw new Error(`${(err as Error).message}: received /a ${receiver.to('/a').length}, /b ${receiver.to('/b').length}; deliveries ${JSON.stringify(states)}`);
  }
  // Time for a duplicate, if any, to arrive.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const path of ['/a', '/b']) {
    const ids = receiver.to(path).map((r) => String(r.headers['webhook-id']));
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(new Set(receiver.payloads(path).map((p) => p.spaceId))).toEqual(new Set(spaces));
  }
  for (const id of hooks) {
    const list = await api.get(`/v1/orgs/${own.id}/webhooks/${id}/deliveries`);
    expect(list.body.count).toBe(20);
    expect(list.body.items.every((d: { state: string; attempts: number }) => d.state === 'succeeded' && d.attempts === 1)).toBe(true);
  }
}, 260_000);
