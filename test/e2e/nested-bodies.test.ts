import { apiClient, expectError } from '../support/api';
import { buildUser } from '../support/factories';
import { currentStack } from '../support/stack';

// Issue #20 §0: a deeply nested JSON body used to block (and with siblings, crash) the process
// that parsed it. Nesting is now bounded on the raw bytes before any parse or walk.

const stack = currentStack();
const chain = (n: number) => '{"title":"t","x":' + '{"a":'.repeat(n) + '0' + '}'.repeat(n) + '}';
const siblings = (n: number) => '{"title":"t","x":' + '{"a":0,"b":'.repeat(n) + '0' + '}'.repeat(n) + '}';
const UNKNOWN_ORG = 'AAAAAAAAAAAAAAAAAAAA';

/** Every /healthz that hostile bodies could block: the gateway, and in distributed mode the content copies. */
function healthUrls(): string[] {
  const contentUrls = (stack.cliEnv.CONTENT_HTTP_URL ?? '').split(',').filter(Boolean);
  return [`${stack.url}/healthz`, ...contentUrls.map((u) => `${u}/healthz`)];
}

describe('deeply nested bodies', () => {
  it.each([
    ['a chain 100,000 deep', chain(100_000)],
    ['a sibling at each of 40,000 levels', siblings(40_000)],
  ])('%s is a 400 naming the limit, from a user in no organization', async (_name, body) => {
    const stranger = await buildUser(stack, 'deep');
    const res = await apiClient(stack, stranger.token).request('POST', `/v1/orgs/${UNKNOWN_ORG}/collections`, {
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400, /nested deeper than the limit of 64 levels/);
  });

  it('keeps /healthz answering within 50 ms while such bodies arrive', async () => {
    const stranger = await buildUser(stack, 'deep');
    const client = apiClient(stack, stranger.token);
    const bodies = [chain(100_000), siblings(40_000), chain(50_000), siblings(40_000)];
    let sending = true;
    const hostile = (async () => {
      try {
        for (let round = 0; round < 3; round++) {
          const answers = await Promise.all(
            bodies.map((rawBody) =>
              client.request('POST', `/v1/orgs/${UNKNOWN_ORG}/collections`, { rawBody, headers: { 'content-type': 'application/json' } }),
            ),
          );
          for (const res of answers) expect(res.status).toBe(400);
        }
      } finally {
        sending = false;
      }
    })();
    const latencies: number[] = [];
    while (sending) {
      for (const url of healthUrls()) {
        const started = performance.now();
        const res = await fetch(url);
        latencies.push(performance.now() - started);
        expect(res.status).toBe(200);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    await hostile;
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(50);
  });
});
