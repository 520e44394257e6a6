import { apiClient, expectError, type ApiClient } from '../support/api';
import { buildMember, buildOrganization, buildUser } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// trackEventsInSiteById: 204 once every event is accepted; 400 naming the index and field of an
// invalid event; batch limits (1000 events → 400 on `events`, > 1 MB → 413); timestamps more
// than 5 minutes ahead or older than the 13-month retention are rejected; any member may track,
// a non-member or a site of another organization gets 404.

const stack = currentStack();
const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

let orgId: string;
let siteId: string;
let otherSiteId: string;
let admin: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;

function pageView(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'page_view',
    session: { visitorId: 'visitor-1', sessionId: 'session-1', cookies: {}, userAgent: UA, language: 'en', referrer: null },
    location: { url: 'https://docs.example.com/page', siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null },
    ...overrides,
  };
}

const eventsPath = (org: string, site: string) => `/v1/orgs/${org}/sites/${site}/insights/events`;

beforeAll(async () => {
  const org = await buildOrganization(stack, 'Insights ingest org');
  orgId = org.id;
  admin = apiClient(stack, org.admin.token);
  const [r, o] = await Promise.all([buildMember(stack, orgId, 'read'), buildUser(stack, 'outsider')]);
  reader = apiClient(stack, r.token);
  outsider = apiClient(stack, o.token);
  const site = await admin.post(`/v1/orgs/${orgId}/sites`, { title: 'Tracked' });
  expect(site.status).toBe(201);
  siteId = site.body.id;
  const other = await buildOrganization(stack, 'Other insights org');
  const otherSite = await apiClient(stack, other.admin.token).post(`/v1/orgs/${other.id}/sites`, { title: 'Not yours' });
  otherSiteId = otherSite.body.id;
});

describe('POST /insights/events', () => {
  it('accepts a valid batch of several event types with 204', async () => {
    const res = await admin.post(eventsPath(orgId, siteId), {
      events: [
        pageView(),
        pageView({ type: 'search_type_query', query: 'install', timestamp: new Date(Date.now() - 60_000).toISOString() }),
        pageView({
          type: 'page_post_feedback',
          feedback: { rating: 'good' },
          session: { ...(pageView().session as object), ip: '8.8.8.8', visitorAuthClaims: { plan: 'pro' } },
        }),
      ],
    });
    expect(res.status).toBe(204);
    expectOperationResponse('trackEventsInSiteById', 204, res.body);
  });

  it('lets any member track', async () => {
    expect((await reader.post(eventsPath(orgId, siteId), { events: [pageView()] })).status).toBe(204);
  });

  it('names the index and field of an invalid event', async () => {
    const session = { ...(pageView().session as Record<string, unknown>) };
    delete session.visitorId;
    const res = await admin.post(eventsPath(orgId, siteId), { events: [pageView(), pageView(), pageView(), pageView({ session })] });
    expectError(res, 400, /events\.3\.session\.visitorId/);
    expectError(await admin.post(eventsPath(orgId, siteId), { events: [pageView({ type: 'not_an_event' })] }), 400, /events\.0\.type/);
    expectError(await admin.post(eventsPath(orgId, siteId), { events: [pageView({ location: undefined })] }), 400, /events\.0\.location/);
    expectError(await admin.post(eventsPath(orgId, siteId), {}), 400, /events/);
  });

  it('rejects timestamps in the future or outside the retention window', async () => {
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    expectError(await admin.post(eventsPath(orgId, siteId), { events: [pageView({ timestamp: future })] }), 400, /events\.0\.timestamp/);
    const old = new Date(Date.now() - 14 * 31 * 24 * 3600_000).toISOString();
    expectError(await admin.post(eventsPath(orgId, siteId), { events: [pageView(), pageView({ timestamp: old })] }), 400, /events\.1\.timestamp/);
  });

  it('enforces the batch limits', async () => {
    expectError(await admin.post(eventsPath(orgId, siteId), { events: new Array(1001).fill(pageView()) }), 400, /"events"/);
    const big = pageView({ type: 'search_type_query', query: 'x'.repeat(2000) });
    expectError(await admin.post(eventsPath(orgId, siteId), { events: new Array(600).fill(big) }), 413);
  });

  it('answers 404 for a site of another organization, a non-member, and an unknown site', async () => {
    expectError(await admin.post(eventsPath(orgId, otherSiteId), { events: [pageView()] }), 404);
    expectError(await outsider.post(eventsPath(orgId, siteId), { events: [pageView()] }), 404);
    expectError(await admin.post(eventsPath(orgId, 'no-such-site'), { events: [pageView()] }), 404);
  });
});
