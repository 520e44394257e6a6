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
    session: {
      visitorId: visitor,
      sessionId: `${visitor}-session`,
      cookies: {},
      userAgent: UA,
      language: 'en',
      referrer: null,
      ...(claims ? { visitorAuthClaims: claims } : {}),
    },
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
    expect(res.body).toEqual({
      columns: [
        { column: 'url', values: ['https://docs.example.com/a'] },
        { column: 'eventsCount', values: [3] },
        { column: 'visitorsCount', values: [2] },
      ],
    });
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

describe('POST /insights/events/aggregate: every reference column', () => {
  let detailSiteId: string;
  const detailPath = () => aggregatePath(orgId, detailSiteId);
  const base = (visitor: string, extra: Record<string, unknown>, url = 'https://docs.example.com/a'): Record<string, unknown> => ({
    timestamp: new Date(Date.now() - 60_000).toISOString(),
    session: {
      visitorId: visitor,
      sessionId: `${visitor}-s`,
      cookies: {},
      userAgent: UA,
      language: 'en',
      referrer: 'https://www.google.com/search',
      ip: '8.8.8.8',
      visitorAuthClaims: { plan: 'pro', groups: ['a', 'b'] },
    },
    location: { url, displayContext: 'embed', siteSection: null, siteSpace: null, siteShareKey: null, space: 'sp1', revision: null, page: 'p1' },
    ...extra,
  });

  beforeAll(async () => {
    detailSiteId = (await admin.post(`/v1/orgs/${orgId}/sites`, { title: 'Detailed' })).body.id;
    const events = [
      base('d1', { type: 'page_view' }, 'https://docs.example.com/a?utm_source=news&utm_medium=email&utm_campaign=launch&utm_term=api&utm_content=top'),
      base('d1', { type: 'link_click', link: { target: { kind: 'url', url: 'https://www.github.com/quire' }, position: 'footer' } }),
      base('d2', { type: 'link_click', link: { target: { kind: 'page', page: 'p2' }, position: 'sidebar' } }),
      base('d1', { type: 'api_client_request', operation: { path: '/pets', method: 'get' } }),
      base('d1', { type: 'page_post_feedback', feedback: { rating: 'good' } }),
      base('d2', { type: 'page_post_feedback_comment', feedback: { rating: 'bad', comment: 'Unclear' } }),
      base('d2', { type: 'ask_rate_response', query: 'how?', rating: -1, responseId: 'r1' }),
      base('d1', { type: 'ad_display', ad: { domain: 'ads.example.com', zoneId: 'z1', placement: 'aside' } }),
      base('d1', { type: 'trademark_click', placement: 'pdf' }),
    ];
    expect((await admin.post(`/v1/orgs/${orgId}/sites/${detailSiteId}/insights/events`, { events })).status).toBe(204);
    await eventually(async () => {
      const res = await admin.post(detailPath(), { range: 'last7Days', select: [{ column: 'eventsCount' }] });
      return res.status === 200 && res.body.columns[0].values[0] === events.length;
    });
  });

  async function values(
    select: Record<string, unknown>[],
    where?: Record<string, unknown>[],
  ): Promise<{ column: string; claim?: string; values: unknown[] }[]> {
    const res = await reader.post(detailPath(), { range: 'last7Days', select, where });
    expect(res.status).toBe(200);
    expectOperationResponse('aggregateSiteEvents', 200, res.body);
    return res.body.columns;
  }

  it('answers the event columns from the events that carry them', async () => {
    const one = async (column: string) => (await values([{ column }, { column: 'eventsCount' }]))[0]?.values;
    expect(await one('eventLinkTargetKind')).toEqual(['page', 'url']);
    expect(await one('eventLinkTargetDomain')).toEqual([null, 'github.com']);
    expect(await one('eventLinkPosition')).toEqual(['footer', 'sidebar']);
    expect(await one('eventLinkTargetValue')).toEqual([
      { kind: 'page', page: 'p2' },
      { kind: 'url', url: 'https://www.github.com/quire' },
    ]);
    expect(await one('eventAPIOperationPath')).toEqual(['/pets']);
    expect(await one('eventAPIOperationMethod')).toEqual(['get']);
    expect(await one('eventPageFeedbackRating')).toEqual(['bad', 'good']);
    expect(await one('eventPageFeedbackComment')).toEqual(['Unclear']);
    expect(await one('eventAskResponseRating')).toEqual([-1]);
    expect(await one('eventAdDomain')).toEqual(['ads.example.com']);
    expect(await one('eventAdPlacement')).toEqual(['aside']);
    expect(await one('eventTrademarkPlacement')).toEqual(['pdf']);
    const footer = await values(
      [{ column: 'eventsCount' }],
      [{ column: 'eventLinkTargetValue', values: [{ url: 'https://www.github.com/quire', kind: 'url' }] }],
    );
    expect(footer).toEqual([{ column: 'eventsCount', values: [1] }]);
  });

  it('answers context, referrer domain, campaign, geo point and claims', async () => {
    expect(await values([{ column: 'displayContext' }, { column: 'referrerDomain' }, { column: 'eventsCount' }])).toEqual([
      { column: 'displayContext', values: ['embed'] },
      { column: 'referrerDomain', values: ['google.com'] },
      { column: 'eventsCount', values: [9] },
    ]);
    const utm = await values(
      [{ column: 'utmSource' }, { column: 'utmMedium' }, { column: 'utmCampaign' }, { column: 'utmTerm' }, { column: 'utmContent' }],
      [{ column: 'utmSource', values: ['news'] }],
    );
    expect(utm.map((c) => c.values)).toEqual([['news'], ['email'], ['launch'], ['api'], ['top']]);
    const [point] = await values([{ column: 'visitorGeoPoint', precision: 2 }, { column: 'visitorsCount' }]);
    const cell = point?.values[0] as { latitude: number; longitude: number; h3: string };
    expect(cell.h3).toMatch(/^82[0-9a-f]{13}$/);
    expect(await values([{ column: 'eventsCount' }], [{ column: 'visitorGeoPoint', values: [cell] }])).toEqual([{ column: 'eventsCount', values: [9] }]);
    expect(await values([{ column: 'visitorClaimProperty' }, { column: 'visitorsCount' }])).toEqual([
      { column: 'visitorClaimProperty', values: ['groups', 'plan'] },
      { column: 'visitorsCount', values: [2, 2] },
    ]);
    expect(await values([{ column: 'visitorClaim', claim: 'groups' }, { column: 'visitorsCount' }])).toEqual([
      { column: 'visitorClaim', claim: 'groups', values: ['a', 'b'] },
      { column: 'visitorsCount', values: [2, 2] },
    ]);
  });

  it('counts ratings per page as metrics', async () => {
    expect(await values([{ column: 'page' }, { column: 'pageFeedbackRating' }, { column: 'askResponseRating' }])).toEqual([
      { column: 'page', values: [{ page: 'p1', space: 'sp1' }] },
      { column: 'pageFeedbackRating', values: [{ good: 1, ok: 0, bad: 0 }] },
      { column: 'askResponseRating', values: [{ positive: 0, negative: 1 }] },
    ]);
  });

  it('answers 400 naming the field of a claim-less visitorClaim or a filtered rating', async () => {
    expectError(await admin.post(detailPath(), { range: 'last7Days', groupBy: [{ column: 'visitorClaim' }] }), 400, /groupBy\.0\.claim/);
    expectError(await admin.post(detailPath(), { range: 'last7Days', where: [{ column: 'pageFeedbackRating', values: [1] }] }), 400, /where\.0\.column/);
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
