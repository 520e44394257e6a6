import { expectError, type ApiClient, type ApiResponse } from '../support/api';
import { eventually } from '../support/eventually';
import { buildRoleCast, type OrgClient } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Hostile-input regression tests for the insights service: what neither ClickHouse nor Postgres
// can store never gets a 204 at ingest (A3: NUL, lone surrogates, absurd lengths and numbers,
// deep nesting; a non-JSON body is a 415), and later good events are still counted; `%00` and
// malformed ids in paths and query parameters are a 404/400, never a 500 (A2); `limit=0` lists
// no items with their count (A8); lengths count code points (A7); reads keep the access matrix
// (any member reads, a non-member or another organization's site gets 404).
// The bracketed labels name the describe blocks below.

const stack = currentStack();
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const EMOJI = '\u{1F600}';

let org: OrgClient;
let other: OrgClient;
let reader: ApiClient;
let outsider: ApiClient;
let siteId: string;
let otherSiteId: string;

const sitePath = (site = siteId, orgId = org.id) => `/v1/orgs/${orgId}/sites/${site}/insights`;
const eventsPath = (site?: string, orgId?: string) => `${sitePath(site, orgId)}/events`;
const aggregatePath = (site?: string, orgId?: string) => `${sitePath(site, orgId)}/events/aggregate`;
const segmentsPath = (site?: string, orgId?: string) => `${sitePath(site, orgId)}/visitor-segments`;

function pageView(session: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'page_view',
    session: { visitorId: 'hardening-visitor', sessionId: 'hardening-session', cookies: {}, userAgent: UA, language: 'en', referrer: null, ...session },
    location: { url: 'https://docs.example.com/hardening', siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null },
    ...extra,
  };
}

const track = (events: unknown[], client: ApiClient = org.api) => client.post(eventsPath(), { events });
/** A raw JSON body, for what JSON.stringify cannot write (1e400) or a hand-written document. */
const trackRaw = (rawBody: string, contentType = 'application/json') =>
  org.api.request('POST', eventsPath(), { rawBody, headers: { 'content-type': contentType } });

async function eventsCount(): Promise<number> {
  const res = await org.api.post(aggregatePath(), { range: 'last7Days', select: [{ column: 'eventsCount' }] });
  return res.status === 200 ? (res.body.columns[0].values[0] as number) : -1;
}

/** A 400 or 404 with the error shape: anything but a 500. */
function expectRefused(res: ApiResponse): void {
  expect([400, 404]).toContain(res.status);
  expectError(res, res.status);
}

beforeAll(async () => {
  ({ org, other, reader, outsider } = await buildRoleCast(stack, 'Insights hardening org'));
  const site = await org.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Hardened insights' });
  expect(site.status).toBe(201);
  siteId = site.body.id;
  const otherSite = await other.api.post(`/v1/orgs/${other.id}/sites`, { title: 'Not yours' });
  expect(otherSite.status).toBe(201);
  otherSiteId = otherSite.body.id;
});

describe('ingest refuses what no store can hold (A3)', () => {
  it('refuses NUL in any event string or key with 400 naming the field', async () => {
    expectError(await track([pageView({ visitorId: 'a\u0000b' })]), 400, /"events\.0\.session\.visitorId".*NUL/);
    expectError(await track([pageView(), pageView({ visitorAuthClaims: { 'pl\u0000an': 'pro' } })]), 400, /events\.1\.session\.visitorAuthClaims.*NUL/);
    expectError(await track([pageView({}, { type: 'search_type_query', query: '\u0000' })]), 400, /"events\.0\.query".*NUL/);
  });

  it('refuses a lone UTF-16 surrogate in a string or key with 400 naming the field', async () => {
    expectError(await track([pageView({}, { type: 'search_type_query', query: 'a\ud800b' })]), 400, /"events\.0\.query".*surrogate/);
    expectError(
      await trackRaw(JSON.stringify({ events: [pageView({ sessionId: 'x' })] }).replace('"sessionId":"x"', '"sessionId":"\\udc00"')),
      400,
      /events\.0\.session\.sessionId.*surrogate/,
    );
    expectError(await track([pageView({ visitorAuthClaims: { ['k\udbff']: 'v' } })]), 400, /events\.0\.session\.visitorAuthClaims.*surrogate/);
    // A well-formed pair (an emoji) is a character like any other.
    expect((await track([pageView({ visitorId: `${EMOJI}-visitor` })])).status).toBe(204);
  });

  it('refuses absurd lengths, counting code points', async () => {
    expectError(await track([pageView({ userAgent: 'x'.repeat(1025) })]), 400, /"events\.0\.session\.userAgent".*at most 1024 characters/);
    expectError(await track([pageView({ visitorId: EMOJI.repeat(257) })]), 400, /"events\.0\.session\.visitorId".*at most 256/);
    expectError(await track([pageView({ cookies: { big: 'c'.repeat(5000) } })]), 400, /events\.0\.session\.cookies\.big/);
    expectError(await track([pageView({ visitorAuthToken: 't'.repeat(9000) })]), 400, /visitorAuthToken/);
    expectError(
      await track([pageView({}, { type: 'api_client_open', operation: { path: '/p', method: 'M'.repeat(100) } })]),
      400,
      /events\.0\.operation\.method/,
    );
    const link = { target: { kind: 'url', url: 'https://example.com/', junk: 'j'.repeat(5000) }, position: 'content' };
    expectError(await track([pageView({}, { type: 'link_click', link })]), 400, /events\.0\.link\.target/);
    // 256 emoji are 256 characters (512 UTF-16 units): accepted.
    expect((await track([pageView({ visitorId: EMOJI.repeat(256) })])).status).toBe(204);
  });

  it('refuses numbers JSON turns into Infinity and documents nested too deep', async () => {
    const event = JSON.stringify(pageView({ visitorAuthClaims: { n: 0 } }));
    expectError(await trackRaw(`{"events":[${event.replace('"n":0', '"n":1e400')}]}`), 400, /events\.0\.session\.visitorAuthClaims\.n.*finite/);
    expectError(await trackRaw(`{"events":[${event.replace('"n":0', '"n":-1e999')}]}`), 400, /visitorAuthClaims\.n/);
    // Deeper than insights' own limit (32) but within every body's (64): the field is named.
    const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    expectError(await trackRaw(`{"events":[${event.replace('"n":0', `"n":${deep(40)}`)}]}`), 400, /events\.0\.session\.visitorAuthClaims\.n.*nest/);
    // Deeper than any body may be: refused before it is parsed.
    expectError(await trackRaw(`{"events":[${event.replace('"n":0', `"n":${deep(5000)}`)}]}`), 400, /nested deeper than the limit of 64 levels/);
    // A big finite number is a number.
    expect((await trackRaw(`{"events":[${event.replace('"n":0', '"n":1e308')}]}`)).status).toBe(204);
  });

  it('answers 415 with the error shape for a body that is not JSON', async () => {
    expectError(await trackRaw(JSON.stringify({ events: [pageView()] }), 'text/plain'), 415);
    expectError(await trackRaw('events=1', 'application/x-www-form-urlencoded'), 415);
    expectError(await trackRaw('{"events":[', 'application/json'), 400);
  });

  it('still counts the good events sent after the refused ones, and only them', async () => {
    const before = await eventsCount();
    expect(before).toBeGreaterThanOrEqual(0);
    expect((await track([pageView(), pageView({ visitorId: 'second' })])).status).toBe(204);
    // Every refused batch above stored nothing: the accepted ones (emoji visitor, 256 emoji, 1e308) and these two.
    await eventually(async () => (await eventsCount()) === 5, 20_000);
  });
});

describe('malformed ids and query parameters (A2, A8)', () => {
  it('answers 404 for %00 and malformed path ids on every insights route, never a 500', async () => {
    for (const [site, orgId] of [
      ['%00', org.id],
      [siteId, '%00'],
      ['a%00b', org.id],
      ['x'.repeat(300), org.id],
      ["'%20OR%201=1--", org.id],
    ]) {
      expectError(await org.api.post(eventsPath(site, orgId), { events: [pageView()] }), 404);
      expectError(await org.api.post(aggregatePath(site, orgId), { range: 'last7Days' }), 404);
      expectError(await org.api.get(segmentsPath(site, orgId)), 404);
    }
    // Not even a decodable path: refused, whatever the layer that notices.
    for (const site of ['%C0%AF', '%F0%9F%92%A9'.repeat(40)]) {
      expectRefused(await org.api.post(eventsPath(site), { events: [pageView()] }));
      expectRefused(await org.api.post(aggregatePath(site), { range: 'last7Days' }));
      expectRefused(await org.api.get(segmentsPath(site)));
    }
  });

  it('answers 400 naming the parameter for bad page and limit values', async () => {
    for (const query of ['limit=%00', 'page=%00', 'limit=-1', 'limit=1.5', 'limit=1001', 'limit=99999999999999999999', 'page=nope']) {
      const res = await org.api.get(`${segmentsPath()}?${query}`);
      expectError(res, 400, /"(limit|page)"/);
    }
  });

  it('answers limit=0 with no items and the count', async () => {
    await track([pageView({ visitorAuthClaims: { plan: 'pro' } })]);
    // Two segments: these claims and the `{ n: 1e308 }` of the accepted big number above.
    await eventually(async () => (await org.api.get(segmentsPath())).body?.count === 2, 20_000);
    const res = await org.api.get(`${segmentsPath()}?limit=0`);
    expect(res.status).toBe(200);
    expectOperationResponse('listSiteVisitorSegments', 200, res.body);
    expect(res.body).toEqual({ items: [], count: 2 });
  });

  it('refuses NUL and lone surrogates in aggregate filters with 400 naming the field', async () => {
    const where = (values: unknown[]) => ({ range: 'last7Days', select: [{ column: 'eventsCount' }], where: [{ column: 'url', values }] });
    expectError(await org.api.post(aggregatePath(), where(['a\u0000'])), 400, /"where\.0\.values\.0".*NUL/);
    expectError(await org.api.post(aggregatePath(), where(['a\udfff'])), 400, /"where\.0\.values\.0".*surrogate/);
    expectError(await org.api.post(aggregatePath(), { range: { from: 'x'.repeat(100), to: 'y' } }), 400, /"range/);
    const ok = await org.api.post(aggregatePath(), where(['https://docs.example.com/hardening']));
    expect(ok.status).toBe(200);
    expectOperationResponse('aggregateSiteEvents', 200, ok.body);
  });
});

describe('who may read and track (the access matrix is kept)', () => {
  it('lets a read member track and read', async () => {
    expect((await track([pageView()], reader)).status).toBe(204);
    const aggregate = await reader.post(aggregatePath(), { range: 'last7Days', select: [{ column: 'eventsCount' }] });
    expect(aggregate.status).toBe(200);
    expectOperationResponse('aggregateSiteEvents', 200, aggregate.body);
    const segments = await reader.get(segmentsPath());
    expect(segments.status).toBe(200);
    expectOperationResponse('listSiteVisitorSegments', 200, segments.body);
  });

  it('answers 404 to a non-member, for another organization’s site and for an unknown site', async () => {
    expectError(await outsider.post(aggregatePath(), { range: 'last7Days' }), 404);
    expectError(await outsider.get(segmentsPath()), 404);
    expectError(await outsider.post(eventsPath(), { events: [pageView()] }), 404);
    expectError(await other.api.post(aggregatePath(), { range: 'last7Days' }), 404);
    expectError(await org.api.post(aggregatePath(otherSiteId), { range: 'last7Days' }), 404);
    expectError(await org.api.get(segmentsPath(otherSiteId)), 404);
    expectError(await org.api.post(eventsPath(otherSiteId), { events: [pageView()] }), 404);
    expectError(await org.api.get(segmentsPath('no-such-site')), 404);
    // A non-member's malformed body is refused before anything is looked up: it names no site.
    expectRefused(await outsider.post(aggregatePath(), { range: 'nope' }));
  });
});
