import { createClient } from '@clickhouse/client';
import { FLUSH_WAIT_MS } from '../../services/insights/src/modules/insights/consumers/insights-events.consumer';
import { apiClient, type ApiClient } from '../support/api';
import { buildOrganization } from '../support/factories';
import { INFRA, infraScript } from '../support/infra';
import { currentStack } from '../support/stack';
import { killCopy, killProcess, restartCopy, restartProcess } from '../support/stack-processes';

// Insights ingest under broker, store and process failures (distributed mode only): a 204 means
// the events are on Kafka, so ClickHouse or the consumer going away loses nothing and nothing is
// counted twice; Kafka going away makes ingest answer 503 fast. The stack runs insights' API as
// `insights` (INSIGHTS_ROLE=api) and what moves events into ClickHouse as `insights-consumer`
// (INSIGHTS_ROLE=consumer), two copies of each.

const stack = currentStack();
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

let orgId: string;
let siteId: string;
let admin: ApiClient;

function pageView(i: number): Record<string, unknown> {
  return {
    type: 'page_view',
    session: { visitorId: `v${i % 7}`, sessionId: `s${i}`, cookies: {}, userAgent: UA, language: null, referrer: '' },
    location: { url: `https://docs.example.com/p${i}`, siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null },
  };
}

async function track(count: number, from: number): Promise<number> {
  const res = await admin.post(`/v1/orgs/${orgId}/sites/${siteId}/insights/events`, { events: Array.from({ length: count }, (_, i) => pageView(from + i)) });
  return res.status;
}

async function storedCount(): Promise<number> {
  const clickhouse = createClient({ url: INFRA.clickhouseUrl, request_timeout: 5000 });
  try {
    // siteId is an id we created ([A-Za-z0-9]), safe in a literal. No FINAL: inserts are exactly
    // once, so a plain count of rows must already be the number of events.
    const result = await clickhouse.query({
      query: `SELECT count() AS n FROM ${INFRA.clickhouseDatabase}.insights_events WHERE site_id = '${siteId}'`,
      format: 'JSONEachRow',
    });
    const rows = (await result.json()) as Array<{ n: string | number }>;
    return Number(rows[0]?.n ?? 0);
  } finally {
    await clickhouse.close();
  }
}

/** Sends single events until ingest answers 204 six times in a row (60 s at most). */
async function ingestAnswering(): Promise<void> {
  const deadline = Date.now() + 60_000;
  let inARow = 0;
  for (let i = 0; inARow < 6; i++) {
    if (Date.now() > deadline) throw new Error('insights ingest did not answer 204 six times in a row within 60 s');
    inARow = (await track(1, 40_000 + i)) === 204 ? inARow + 1 : 0;
  }
}

/**
 * Two reads this far apart that agree mean nothing is on its way: the consumer waits up to
 * FLUSH_WAIT_MS for a batch, then inserts it. A window of just FLUSH_WAIT_MS (2 s) once let the
 * last single events of ingestAnswering land after the count had "settled", as 3 extra events.
 */
const SETTLE_WINDOW_MS = 3 * FLUSH_WAIT_MS;

/** The stored count once it stops moving (two reads SETTLE_WINDOW_MS apart agree; 60 s at most). */
async function settledCount(): Promise<number> {
  const deadline = Date.now() + 60_000;
  let last = await storedCount();
  for (;;) {
    await new Promise((r) => setTimeout(r, SETTLE_WINDOW_MS));
    const now = await storedCount();
    if (now === last || Date.now() > deadline) return now;
    last = now;
  }
}

async function waitForCount(expected: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let n = -1;
  while (Date.now() < deadline) {
    n = await storedCount().catch(() => -1);
    if (n >= expected) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  // A little longer: a double count would show up after the first full count.
  await new Promise((r) => setTimeout(r, 3000));
  return storedCount();
}

beforeAll(async () => {
  const org = await buildOrganization(stack, 'Insights faults org');
  orgId = org.id;
  admin = apiClient(stack, org.admin.token);
  const site = await admin.post(`/v1/orgs/${orgId}/sites`, { title: 'Faulty' });
  siteId = site.body.id;
});

describe('insights ingest faults', () => {
  it('keeps accepting while ClickHouse is stopped and counts every event exactly once after it returns', async () => {
    expect(await track(50, 0)).toBe(204);
    infraScript('infra.sh', 'stop', 'clickhouse');
    try {
      for (let batch = 0; batch < 5; batch++) expect(await track(100, 50 + batch * 100)).toBe(204);
    } finally {
      infraScript('infra.sh', 'start', 'clickhouse');
    }
    expect(await track(50, 550)).toBe(204);
    expect(await waitForCount(600, 90_000)).toBe(600);
  }, 180_000);

  it('answers 503 within 2 s while Kafka is stopped', async () => {
    infraScript('infra.sh', 'stop', 'kafka');
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const started = Date.now();
        expect(await track(1, 10_000 + attempt)).toBe(503);
        expect(Date.now() - started).toBeLessThan(2000);
      }
    } finally {
      infraScript('infra.sh', 'start', 'kafka');
    }
  }, 120_000);

  it('loses and double-counts nothing when the consumer processes are killed mid-batch and restarted', async () => {
    const before = await storedCount();
    // Accepted (on Kafka) but not yet flushed: the consumer waits up to 2 s to fill a batch.
    for (let batch = 0; batch < 4; batch++) expect(await track(100, 20_000 + batch * 100)).toBe(204);
    await killProcess(stack, 'insights-consumer');
    await restartProcess(stack, 'insights-consumer');
    expect(await waitForCount(before + 400, 90_000)).toBe(before + 400);
    // What the API answers is the same count.
    const total = await admin.post(`/v1/orgs/${orgId}/sites/${siteId}/insights/events/aggregate`, {
      select: [{ column: 'eventsCount' }],
      range: 'last24Hours',
    });
    expect(total.body).toEqual({ columns: [{ column: 'eventsCount', values: [before + 400] }] });
  }, 180_000);
});

describe('the consumer in processes of its own', () => {
  it('stores once, after they come back, the events accepted while every consumer copy was down', async () => {
    const before = await storedCount();
    await killProcess(stack, 'insights-consumer');
    try {
      // The API copies still accept: the events wait on Kafka.
      for (let batch = 0; batch < 3; batch++) expect(await track(100, 40_000 + batch * 100)).toBe(204);
      // And they consume nothing themselves: nothing reaches ClickHouse meanwhile.
      await new Promise((r) => setTimeout(r, 5000));
      expect(await storedCount()).toBe(before);
    } finally {
      await restartProcess(stack, 'insights-consumer');
    }
    expect(await waitForCount(before + 300, 90_000)).toBe(before + 300);
  }, 180_000);
});

describe('two copies of insights', () => {
  it('counts in ClickHouse every event accepted while one copy is killed during ingest, and no event twice', async () => {
    const before = await storedCount();
    let accepted = 0;
    let refused = 0;
    let next = 30_000;
    let sent = 0;
    const client = async () => {
      while (sent < 120) {
        sent++;
        const from = next;
        next += 10;
        const status = await track(10, from);
        expect([204, 503]).toContain(status);
        if (status === 204) accepted += 10;
        else refused++;
      }
    };
    const clients = Promise.all(Array.from({ length: 6 }, client));
    while (sent < 30) await new Promise((r) => setTimeout(r, 10));
    await killCopy(stack, 'insights#2');
    await clients;
    expect(accepted).toBeGreaterThan(0);
    await restartCopy(stack, 'insights#2');
    // Every accepted event is stored once. A batch answered 503 because its copy died after
    // Kafka took it (the answer was lost, not the events) may be stored too: at most one per
    // client in flight at the kill, whole batches only — never a duplicate of an accepted one.
    const extra = (await waitForCount(before + accepted, 90_000)) - before - accepted;
    expect({ lost: extra < 0, wholeBatches: extra % 10 === 0, withinInFlight: extra <= 10 * Math.min(6, refused) }).toEqual({
      lost: false,
      wholeBatches: true,
      withinInFlight: true,
    });
  }, 180_000);

  it('stores every event once when one consumer copy is killed during ingest: the other takes its partitions', async () => {
    // The test before restarted an API copy: the gateway takes it back only at its next health
    // check, and its first answers may be 503s. This test kills the consumer copy alone, so it starts
    // once ingest answers 204 again, and counts from what is stored after that.
    await ingestAnswering();
    const before = await settledCount();
    let accepted = 0;
    let sent = 0;
    const client = async (n: number) => {
      for (let i = 0; i < 20; i++) {
        sent++;
        expect(await track(10, 50_000 + n * 1000 + i * 10)).toBe(204);
        accepted += 10;
      }
    };
    const clients = Promise.all(Array.from({ length: 4 }, (_, n) => client(n)));
    while (sent < 20) await new Promise((r) => setTimeout(r, 10));
    await killCopy(stack, 'insights-consumer#2');
    try {
      await clients;
      // Its partitions move to the copy left once its Kafka session expires (10 s).
      expect(await waitForCount(before + accepted, 90_000)).toBe(before + accepted);
    } finally {
      await restartCopy(stack, 'insights-consumer#2');
    }
  }, 180_000);
});
