import { apiClient, expectError } from '../support/api';
import { currentStack, RATE_LIMIT_FOR_TESTS, runCli } from '../support/stack';

const stack = currentStack();
const api = apiClient(stack);

describe('gateway routing and limits', () => {
  it('answers 404 for a route the API does not have', async () => {
    expectError(await api.get('/v1/no/such/route'), 404, /No route for GET \/v1\/no\/such\/route/);
    expectError(await api.get('/v2/user'), 404);
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    const res = await api.request('DELETE', '/v1/user');
    expectError(res, 405);
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('routes the last routes built (change requests, links, search) to their service: an unknown space is a 404', async () => {
    for (const path of ['/v1/spaces/s1/change-requests', '/v1/spaces/s1/links', '/v1/spaces/s1/search?query=x'])
      expectError(await api.get(path), 404, /Space s1 not found/);
  });

  it('answers 413 for a body over the limit (10 MB by default)', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024 + 10);
    const res = await api.request('PATCH', `/v1/orgs/${stack.organizationId}`, {
      rawBody: `{"title":"${big}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 413, /larger than the limit/);
  });

  // Up to 2,100 requests: a loaded 2-core machine has needed more than jest's default minute.
  it('answers 429 with Retry-After once a token has used its per-minute allowance', async () => {
    const token = (await runCli(stack, ['tokens', 'create', '--email', `busy-${Date.now()}@example.com`])).stdout.trim();
    let ok = 0;
    let limited: Awaited<ReturnType<typeof api.get>> | undefined;
    const batch = 50;
    // Until a whole batch is refused, i.e. every gateway worker has used its share. Bounded: a
    // window that rolls over mid-run grants one more allowance, never more.
    for (let sent = 0; sent < 2 * RATE_LIMIT_FOR_TESTS + 2 * batch; sent += batch) {
      const answers = await Promise.all(Array.from({ length: batch }, () => api.get('/v1/user', { token })));
      const unexpected = answers.find((a) => a.status !== 200 && a.status !== 429);
      if (unexpected) throw new Error(`unexpected answer ${unexpected.status}: ${unexpected.text}`);
      ok += answers.filter((a) => a.status === 200).length;
      limited = answers.find((a) => a.status === 429) ?? limited;
      if (answers.every((a) => a.status === 429)) break;
    }
    expect(limited).toBeDefined();
    expectError(limited!, 429, /Rate limit/);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited!.headers.get('retry-after'))).toBeLessThanOrEqual(61);
    expect(ok).toBeGreaterThanOrEqual(RATE_LIMIT_FOR_TESTS);
    expect(ok === RATE_LIMIT_FOR_TESTS || ok <= 2 * RATE_LIMIT_FOR_TESTS).toBe(true);
    // Another token is not affected.
    expect((await api.get('/v1/user')).status).toBe(200);
  }, 180_000);

  it('sets a request id, and keeps a sane one the client sent', async () => {
    const res = await api.get('/v1/user', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-abc-123');
    const generated = await api.get('/v1/user', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  it('serves /healthz, /readyz and Prometheus /metrics without a token', async () => {
    expect(await (await fetch(`${stack.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${stack.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
    // A published address (any path under /sites/) is counted under one route label, whatever its path.
    await fetch(`${stack.url}/sites/no-org/no-site/a/page-${Date.now()}`);
    const metrics = await (await fetch(`${stack.url}/metrics`)).text();
    expect(metrics).toMatch(/quire_http_requests_total\{/);
    expect(metrics).toMatch(/quire_http_requests_total\{method="GET",route="published",status="404"/);
    expect(metrics).not.toMatch(/route="[^"]*page-\d+/);
    expect(metrics).toMatch(/process_cpu_user_seconds_total/);
  });
});
