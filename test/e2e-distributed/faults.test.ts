import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { apiClient, expectError } from '../support/api';
import { INFRA, infraScript } from '../support/infra';
import { currentStack, runCli } from '../support/stack';
import { killProcess, restartProcess } from '../support/stack-processes';

// Failure behaviour that only the distributed mode has: processes and brokers that go away.
const stack = currentStack();
const api = apiClient(stack);

/** The gateway reconnects within its backoff (≤ 1 s); poll a few seconds for the answer to change. */
async function eventually(probe: () => Promise<number>, timeoutMs = 5000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let status = await probe();
  while (status === 503 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    status = await probe();
  }
  return status;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - started };
}

describe('a service process that dies', () => {
  it('gives 503 within a second while content is down, and recovers when it is back', async () => {
    const before = (await api.get('/v1/collections/abc')).status;
    expect(before).not.toBe(503);
    await killProcess(stack, 'content');
    const { value: res, ms } = await timed(() => api.get('/v1/collections/abc'));
    expectError(res, 503, /content service is unavailable/);
    expect(ms).toBeLessThan(1000);
    // Other services are unaffected.
    expect((await api.get('/v1/user')).status).toBe(200);

    await restartProcess(stack, 'content');
    expect(await eventually(async () => (await api.get('/v1/collections/abc')).status)).toBe(before);
  });

  it('gives 503 within a second for an uncached token while identity is down, and recovers', async () => {
    const fresh = (await runCli(stack, ['tokens', 'create', '--email', `late-${Date.now()}@example.com`])).stdout.trim();
    await killProcess(stack, 'identity');
    const { value: res, ms } = await timed(() => api.get('/v1/orgs', { token: fresh }));
    expectError(res, 503);
    expect(ms).toBeLessThan(1000);

    await restartProcess(stack, 'identity');
    expect(await eventually(async () => (await api.get('/v1/user', { token: fresh })).status)).toBe(200);
  });
});

describe('transactional outbox', () => {
  it('commits a change while Kafka is stopped and delivers its event exactly once after Kafka returns', async () => {
    const email = `outbox-${Date.now()}@example.com`;
    const token = (await runCli(stack, ['tokens', 'create', '--email', email])).stdout.trim();
    const orgId = (await runCli(stack, ['orgs', 'create', '--title', 'Outbox org', '--owner', email])).stdout.trim();

    infraScript('infra.sh', 'stop', 'kafka');
    try {
      const res = await api.patch(`/v1/orgs/${orgId}`, { title: 'Changed while Kafka was down' }, { token });
      expect(res.status).toBe(200);
      expect(res.body.title).toBe('Changed while Kafka was down');

      const db = new Client({ connectionString: stack.localStack!.databaseUrls.identity });
      await db.connect();
      const pending = await db.query(
        "SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL AND payload LIKE '%organization.updated%' AND key = $1",
        [orgId],
      );
      await db.end();
      expect(pending.rows[0].n).toBe(1);
    } finally {
      infraScript('infra.sh', 'start', 'kafka');
    }

    const kafka = new Kafka({ clientId: 'e2e-outbox', brokers: [INFRA.kafkaBrokers], logLevel: logLevel.NOTHING });
    const consumer = kafka.consumer({ groupId: `e2e-outbox-${Date.now()}` });
    const seen: string[] = [];
    await consumer.connect();
    await consumer.subscribe({ topic: 'identity.events', fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(message.value!.toString()) as { id: string; type: string; data: { organizationId?: string } };
        if (event.type === 'organization.updated' && event.data.organizationId === orgId) seen.push(event.id);
      },
    });
    try {
      const deadline = Date.now() + 60000;
      while (seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(seen).toHaveLength(1);
      // Give a duplicate time to show up, were the relay to send one.
      await new Promise((r) => setTimeout(r, 3000));
      expect(seen).toHaveLength(1);
    } finally {
      await consumer.disconnect();
    }
  }, 180000);
});
