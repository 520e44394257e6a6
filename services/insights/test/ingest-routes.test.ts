import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { signPrincipal } from '@quire/access';
import { DependencyUnavailableError } from '@quire/errors';
import type { BusMessage, MessageBus } from '@quire/platform/bus';
import type { ServiceConfig } from '@quire/platform/config';
import type { SitesClient } from '@quire/platform/grpc';
import { createServiceApp, finishServiceApp, Metrics } from '@quire/platform/http';
import { createLogger } from '@quire/platform/logger';
import { decodeEventRows } from '../src/modules/insights/domain/event-message';
import { SiteLevels } from '../src/modules/insights/domain/site-levels';
import { INSIGHTS_EVENTS_TOPIC } from '../src/modules/insights/events/topics';
import { eventsRoutes } from '../src/modules/insights/http/events/events.routes';

// The ingest route on a real service app with fake neighbours: identity says who is a member,
// sites which site belongs to which organization, and the bus records or refuses publishes.

const SECRET = 'test-secret-test-secret';
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const published: Array<{ topic: string; messages: BusMessage[] }> = [];
let busDown = false;
const bus: MessageBus = {
  async publish(topic, messages) {
    if (busDown) throw new DependencyUnavailableError('kafka unavailable');
    published.push({ topic, messages });
  },
  async subscribe() {},
  async close() {},
};
let siteCalls = 0;
const sites = {
  // The sites service answers the caller's level on the site: a member reads site1 of org1; nobody has a level on a site of another organization.
  async getSiteLevel({ organizationId, siteId, userId }: { organizationId: string; siteId: string; userId: string }) {
    siteCalls++;
    return { level: organizationId === 'org1' && siteId === 'site1' && userId === 'member' ? 'read' : '' };
  },
} as unknown as SitesClient;

let server: Server;
let base: string;

beforeAll(async () => {
  const logger = createLogger('test', 'silent');
  const app = createServiceApp({ service: 'insights', logger, internalSecret: SECRET, metrics: new Metrics('insights'), readiness: {} });
  app.use(
    eventsRoutes({
      bus,
      clock: () => new Date(),
      siteLevels: new SiteLevels(() => sites),
      config: { internalSecret: SECRET } as ServiceConfig,
    }),
  );
  finishServiceApp(app, logger);
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((r) => server.close(r)));

function pageView(): Record<string, unknown> {
  return {
    type: 'page_view',
    session: { visitorId: 'v', sessionId: 's', cookies: {}, userAgent: UA, language: null, referrer: null },
    location: { url: 'https://docs.example.com/', siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null },
  };
}

async function post(site: string, body: unknown, userId = 'member', headers: Record<string, string> = {}) {
  const signed = signPrincipal({ userId, tokenId: 't' }, SECRET);
  const res = await fetch(`${base}/v1/orgs/org1/sites/${site}/insights/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-quire-principal': signed.principal, 'x-quire-signature': signed.signature, ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, message: text ? ((JSON.parse(text) as { error?: { message?: string } }).error?.message ?? '') : '' };
}

describe('POST /insights/events', () => {
  it('publishes rows keyed by site before answering 204, using the client IP the gateway forwarded (the last hop)', async () => {
    published.length = 0;
    const res = await post('site1', { events: [pageView(), pageView()] }, 'member', { 'x-forwarded-for': '10.0.0.1, 8.8.8.8' });
    expect(res.status).toBe(204);
    const messages = published.flatMap((p) => p.messages);
    expect(published.every((p) => p.topic === INSIGHTS_EVENTS_TOPIC)).toBe(true);
    // One message per chunk of rows, as JSON lines.
    expect(messages).toHaveLength(1);
    expect(messages[0]!.key).toBe('site1');
    const { rows } = decodeEventRows(messages[0]!.value);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ organization_id: 'org1', site_id: 'site1', country: 'US', browser: 'chrome', os: 'windows' });
    expect(messages[0]!.value).not.toContain('8.8.8.8');
    published.length = 0;
    expect((await post('site1', { events: new Array(450).fill(pageView()) })).status).toBe(204);
    expect(published.flatMap((p) => p.messages).map((m) => decodeEventRows(m.value).rows.length)).toEqual([200, 200, 50]);
  });

  it('answers 404 without a level on the site (non-members, sites of other organizations), and caches the answer', async () => {
    expect((await post('site1', { events: [pageView()] }, 'stranger')).status).toBe(404);
    expect((await post('site-of-other', { events: [pageView()] })).status).toBe(404);
    expect((await post('nope', { events: [pageView()] })).status).toBe(404);
    // Asked once, then answered from the cache (for 3 s: asked right before, so a loaded machine cannot outlast it).
    await post('site1', { events: [pageView()] });
    const before = siteCalls;
    await post('site1', { events: [pageView()] });
    expect(siteCalls).toBe(before);
  });

  it('validates events and batch limits', async () => {
    const res = await post('site1', { events: [pageView(), { ...pageView(), location: { url: 'not a url' } }] });
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/events\.1\.location\.url/);
    expect((await post('site1', { events: new Array(1001).fill(pageView()) })).message).toMatch(/"events"/);
    expect((await post('site1', { events: new Array(600).fill({ ...pageView(), type: 'search_type_query', query: 'q'.repeat(2048) }) })).status).toBe(413);
  });

  it('answers 503 when the bus refuses the events', async () => {
    busDown = true;
    try {
      expect((await post('site1', { events: [pageView()] })).status).toBe(503);
    } finally {
      busDown = false;
    }
  });
});
