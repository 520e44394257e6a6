import { eventually } from '../support/eventually';
import { buildOrganization } from '../support/factories';
import { apiClient, type ApiClient } from '../support/api';
import { currentStack } from '../support/stack';
import { WebhookReceiver } from '../support/webhook-receiver';

// A 2xx answer over the 64 KB the worker reads was recorded `succeeded` with
// `lastStatusCode: null`; the receiver's status is kept now, whether it declared its length or not.

const stack = currentStack();
const receiver = new WebhookReceiver();
let api: ApiClient;
let orgId: string;

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Webhook large answers org');
  api = apiClient(stack, own.admin.token);
  orgId = own.id;
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
});

const BIG = 'x'.repeat(100 * 1024);

describe('a 2xx answer over 64 KB', () => {
  it.each([
    ['with its length declared', '/big-declared', 201, { 'content-length': String(BIG.length) }],
    ['streamed without a length', '/big-streamed', 202, { 'transfer-encoding': 'chunked' }],
  ])('is succeeded with its status code, %s', async (_name, path, status, headers) => {
    receiver.on(path, () => ({ status, headers, body: BIG }));
    const hook = await api.post(`/v1/orgs/${orgId}/webhooks`, { url: receiver.url(path), events: ['space_created'] });
    expect(hook.status).toBe(201);
    const hookPath = `/v1/orgs/${orgId}/webhooks/${hook.body.id}`;
    expect((await api.post(`/v1/orgs/${orgId}/spaces`, { title: `Big answer ${path}` })).status).toBe(201);
    const delivered = async () => ((await api.get(`${hookPath}/deliveries`)).body.items as { id: string; state: string }[])[0];
    await eventually(async () => (await delivered())?.state === 'succeeded');
    const detail = await api.get(`${hookPath}/deliveries/${(await delivered())?.id}`);
    expect(detail.body).toMatchObject({ state: 'succeeded', attempts: 1, lastStatusCode: status, response: { statusCode: status } });
    expect(detail.body.response.body).toMatch(/answer longer than 65536 bytes/);
    expect(detail.body.attemptLog).toEqual([expect.objectContaining({ statusCode: status, error: null })]);
    expect((await api.delete(hookPath)).status).toBe(204);
  });
});
