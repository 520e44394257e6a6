import { apiClient, expectError, type ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { buildMember, buildOrganization, buildUser } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// aggregateSiteEvents and listSiteVisitorSegments over events tracked through the API: counts
// per day, top pages, filters, 400s naming the field, and who may read.

const stack = currentStack();
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

let orgId: string;
let siteId: string;
let otherSiteId: string;
let admin: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;

const aggregatePath = (org: string, site: string) => `/v1/orgs/${org}/sites/${site}/insights/events/aggregate`;

function pageView(url: string, visitor: string, minutesAgo: number, claims?: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'page_view',
    timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    session: { visitorId: visitor, sessionId: `${visitor}-session`, cookies: {}, userAgent: UA, language: 'en', referrer: null, ...(claims ? { visitorAuthClaims: claims } : {}) },
    location: { url, siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null },
  };
}

async function eventsCount(): Promise<number> {
  const res = await admin.post(aggregatePath(orgId, siteId), { range: 'last7Days', select: [{ column: 'eventsCount' }] });
  return res.status === 200 ? (res.body.columns[0].values[0] as number) : -1;
}

beforeAll(async () => {
  const org = await buildOrganization(stack, 'Insights aggregate org');
  orgId = org.id;
  admin = apiClient(stack, org.admin.token);
  const [r, o] = await Promise.all([buildMember(stack, orgId, 'read'), buildUser(stack, 'aggregate-outsider')]);
  reader = apiClient(stack, r.token);
  outsider = apiClient(stack, o.token);
  siteId = (await admin.post(`/v1/orgs/${orgId}/sites`, { title: 'Aggregated' })).body.id;
  const other = await buildOrganization(stack, 'Other aggregate org');
  otherSiteId = (await apiClient(stack, other.admin.token).post(`/v1/orgs/${other.id}/sites`, { title: 'Not yours' })).body.id;
  const events = [
    pageView('https://docs.example.com/a', 'v1', 1, { plan: 'pro' }),
    pageView('https://docs.example.com/a', 'v2', 2, { plan: 'pro' }),
    pageView('https://docs.example.com/a', 'v1', 3, { plan: 'pro' }),
    pageView('https://docs.example.com/b', 'v3', 4),
    pageView('https://docs.example.com/b', 'v3', 2 * 24 * 60),
  ];
  const res = await admin.post(`/v1/orgs/${orgId}/sites/${siteId}/insights/events`, { events });
  expect(res.status).toBe(204);
  await eventually(async () => (await eventsCount()) === 5);
});

describe('POST /insights/events/aggregate', () => {
  it('counts events per day over 30 days, every day present, in the reference shape', async () => {
    const res = await reader.post(aggregatePath(orgId, siteId), {
      range: 'last30Days',
      select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }, { column: 'visitorsCount' }],
    });
    expect(res.status).toBe(200);
    expectOperationResponse('aggregateSiteEvents', 200, res.body);
    const [days, events] = res.body.columns as { column: string; values: unknown[] }[];
    expect(days?.column).toBe('datetime');
    expect(days?.values).toHaveLength(31);
    expect((events?.values as number[]).reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('answers top pages with a filter, ordered and limited', async () => {
    const res = await admin.post(aggregatePath(orgId, siteId), {
      range: 'last24Hours',
      select: [{ column: 'url' }, { column: 'eventsCount' }, { column: 'visitorsCount' }],
      groupBy: [{ column: 'url' }],
      where: [{ column: 'eventType', values: ['page_view'] }],
      order: { by: { column: 'eventsCount' }, direction: 'desc' },
      limit: 1,
    });
    expect(res.status).toBe(200);
    expectOperationResponse('aggregateSiteEvents', 200, res.body);
    expect(res.body).toEqual({ columns: [
      { column: 'url', values: ['https://docs.example.com/a'] },
      { column: 'eventsCount', values: [3] },
      { column: 'visitorsCount', values: [2] },
    ] });
  });

  it('answers 400 naming the field of an invalid query', async () => {
    expectError(await admin.post(aggregatePath(orgId, siteId), { range: 'lastCentury' }), 400, /range/);
    expectError(await admin.post(aggregatePath(orgId, siteId), { range: 'last7Days', limit: 1001 }), 400, /limit/);
    expectError(await admin.post(aggregatePath(orgId, siteId), { range: 'last7Days', groupBy: [{ column: 'eventsCount' }] }), 400, /groupBy\.0/);
    expectError(await admin.post(aggregatePath(orgId, siteId), { range: 'last7Days', where: [{ column: 'url', values: [] }] }), 400, /where\.0\.values/);
  });

  it('hides the site from a non-member and from another organization', async () => {
    expectError(await outsider.post(aggregatePath(orgId, siteId), { range: 'last7Days' }), 404);
    expectError(await admin.post(aggregatePath(orgId, otherSiteId), { range: 'last7Days' }), 404);
  });
});

describe('GET /insights/visitor-segments', () => {
  it('groups visitors by their claims', async () => {
    const res = await reader.get(`/v1/orgs/${orgId}/sites/${siteId}/insights/visitor-segments`);
    expect(res.status).toBe(200);
    expectOperationResponse('listSiteVisitorSegments', 200, res.body);
    expect(res.body.items).toEqual([{ title: 'plan: pro', claims: { plan: 'pro' }, events: 3, visitors: 2, sessions: 2 }]);
    expect(res.body.count).toBe(1);
  });

  it('hides the site from a non-member', async () => {
    expectError(await outsider.get(`/v1/orgs/${orgId}/sites/${siteId}/insights/visitor-segments`), 404);
  });
});
