import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createLogger } from '@quire/platform/logger';
import { startEmbedded, type EmbeddedQuire } from '../../apps/embedded/src/launcher';
import { apiClient, type ApiClient } from '../support/api';
import { runCli, type StackState } from '../support/stack';

// A consumer is never stopped by one bad message. An embedded Quire (what `npm start`
// runs) is started in this process, so that a poison message can be put straight on its bus, the
// way a bad producer or a store that refuses a value would; the ingest API refuses what the stores
// cannot hold, so it cannot be the way in. The poison (a NUL, which Postgres refuses) is parked,
// events tracked after it are still counted, the CLI lists and replays it, /metrics counts it.

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const CONSUMER = 'insights-events-store';

let quire: EmbeddedQuire;
let dataDir: string;
let stack: StackState;
let admin: ApiClient;
let orgId: string;
let siteId: string;

function pageView(url: string): Record<string, unknown> {
  return {
    type: 'page_view',
    session: { visitorId: 'v-dead-letters', sessionId: 's-dead-letters', cookies: {}, userAgent: UA, language: 'en', referrer: null },
    location: { url, siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null },
  };
}

async function eventsCount(): Promise<number> {
  const res = await admin.post(`/v1/orgs/${orgId}/sites/${siteId}/insights/events/aggregate`, { range: 'last7Days', select: [{ column: 'eventsCount' }] });
  return res.status === 200 ? (res.body.columns[0].values[0] as number) : -1;
}

async function track(count: number): Promise<void> {
  const res = await admin.post(`/v1/orgs/${orgId}/sites/${siteId}/insights/events`, {
    events: Array.from({ length: count }, (_, i) => pageView(`https://docs.example.com/${i}`)),
  });
  expect(res.status).toBe(204);
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

function listed(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-dead-letters-'));
  const token = `qr_${randomBytes(24).toString('base64url')}`;
  quire = await startEmbedded({ DATA_DIR: dataDir, PORT: '0', BOOTSTRAP_TOKEN: token, LOG_LEVEL: 'silent' }, createLogger('quire', 'silent'));
  stack = { target: 'embedded', url: quire.url, token, organizationId: '', cliEnv: { DATA_DIR: dataDir }, logDir: dataDir, pids: {} };
  admin = apiClient(stack);
  orgId = (await admin.get('/v1/orgs')).body.items[0].id;
  const site = await admin.post(`/v1/orgs/${orgId}/sites`, { title: 'Dead letters' });
  expect(site.status).toBe(201);
  siteId = site.body.id;
}, 180_000);

afterAll(async () => {
  await quire?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('parks a poison message, keeps counting later events, and shows it to the CLI and /metrics', async () => {
  await track(2);
  expect(await eventually(eventsCount, (n) => n === 2)).toBe(2);

  const now = Math.floor(Date.now() / 1000);
  const poison = {
    event_id: `poison-${now}`,
    organization_id: orgId,
    site_id: siteId,
    type: 'page_view',
    timestamp: now,
    ingested_at: now,
    url: 'https://docs.example.com/\u0000',
  };
  await quire.bus.publish('insights.events', [{ key: siteId, value: JSON.stringify(poison) }]);
  await track(3);
  expect(await eventually(eventsCount, (n) => n === 5)).toBe(5);

  const list = await runCli(stack, ['dead-letters', 'list', '--service', 'insights']);
  expect(list).toMatchObject({ code: 0, stderr: '' });
  const [letter, ...more] = listed(list.stdout);
  expect(more).toEqual([]);
  expect(letter).toMatchObject({
    service: 'insights',
    consumer: CONSUMER,
    topic: 'insights.events',
    status: 'parked',
    attempts: 1,
    partition: null,
    offset: null,
  });
  expect(JSON.parse(letter?.value as string)).toEqual(poison);
  expect(letter?.error).toMatch(/0x00|\\u0000/);
  // Without --service every service is asked; the others have none.
  expect(listed((await runCli(stack, ['dead-letters', 'list'])).stdout).map((l) => l.service)).toEqual(['insights']);
  expect(listed((await runCli(stack, ['dead-letters', 'list', '--consumer', 'another'])).stdout)).toEqual([]);

  const metrics = await (await fetch(`http://127.0.0.1:${quire.services.insights.httpPort}/metrics`)).text();
  const parked = /^quire_dead_letters_total\{[^}]*consumer="insights-events-store"[^}]*\} (\d+)$/m.exec(metrics);
  expect(Number(parked?.[1])).toBeGreaterThan(0);

  // The store still refuses it: the replay keeps it parked with one more attempt, and exits 1.
  const replay = await runCli(stack, ['dead-letters', 'replay', '--service', 'insights', '--id', letter?.id as string]);
  expect(replay.code).toBe(1);
  expect(replay.stdout).toMatch(new RegExp(`^${letter?.id as string}\tparked\t.+\n$`));
  expect(listed((await runCli(stack, ['dead-letters', 'list', '--service', 'insights'])).stdout)[0]).toMatchObject({ status: 'parked', attempts: 2 });
  expect(await eventsCount()).toBe(5);
}, 60_000);

it('has --help for both commands and refuses bad input with a clear message', async () => {
  for (const command of ['list', 'replay']) {
    const help = await runCli(stack, ['dead-letters', command, '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(new RegExp(`^Usage: npm run -s cli -- dead-letters ${command}`));
  }
  expect(await runCli(stack, ['dead-letters', 'replay', '--service', 'insights'])).toMatchObject({
    code: 2,
    stderr: expect.stringMatching(/exactly one of --id or --all/),
  });
  expect(await runCli(stack, ['dead-letters', 'replay', '--service', 'nope', '--all'])).toMatchObject({
    code: 2,
    stderr: expect.stringMatching(/--service must be one of/),
  });
  expect(await runCli(stack, ['dead-letters', 'replay', '--service', 'sites', '--id', 'missing'])).toMatchObject({
    code: 1,
    stderr: expect.stringMatching(/not found/),
  });
  expect(await runCli(stack, ['dead-letters', 'replay', '--service', 'sites', '--all'])).toMatchObject({ code: 0, stdout: '' });
  expect(await runCli(stack, ['dead-letters', 'list', '--status', 'gone'])).toMatchObject({ code: 2 });
  // The CLI found the services through runtime.json, and only the internal secret opens the route.
  const runtime = JSON.parse(readFileSync(join(dataDir, 'runtime.json'), 'utf8')) as { serviceUrls: Record<string, string> };
  expect((await fetch(`${runtime.serviceUrls.insights}/internal/dead-letters`)).status).toBe(401);
  // The gateway never routes /internal.
  expect((await admin.get('/internal/dead-letters')).status).toBe(404);
});
