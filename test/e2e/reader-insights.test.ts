import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { apiClient, type ApiClient } from '../support/api';
import { TodayLedger } from '../support/client-0202';
import { eventually } from '../support/eventually';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// Counted (docs/reader.md): every answer the reader serves is a site insights event in the existing
// pipeline (gRPC to insights → insights.events → ClickHouse, the embedded store), read back
// through the site's aggregates as a dashboard would.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let orgId: string;
let api: GitBookAPI;
let admin: ApiClient;
let siteId: string;
let siteSpaceId: string;
let builtIn: string;
let introId: string;
let guidesId: string;

type Columns = { columns: { column: string; values: unknown[] }[] };
/** The aggregate's columns as rows; a `page` (the reference's `{ page, space }`) as its page id. */
function rowsOf(body: Columns): Record<string, unknown>[] {
  const [first] = body.columns;
  return (first?.values ?? []).map((_, i) =>
    Object.fromEntries(body.columns.map((c) => [c.column, c.column === 'page' ? (c.values[i] as { page: string } | null)?.page : c.values[i]])),
  );
}

async function aggregate(select: string[], groupBy: string[]): Promise<Record<string, unknown>[]> {
  const res = await admin.post(`/v1/orgs/${orgId}/sites/${siteId}/insights/events/aggregate`, {
    range: 'last24Hours',
    select: select.map((column) => ({ column })),
    groupBy: groupBy.map((column) => ({ column })),
  });
  expect(res.status).toBe(200);
  return rowsOf(res.body as Columns);
}

const countOf = (rows: Record<string, unknown>[], match: Record<string, unknown>) =>
  rows.filter((r) => Object.entries(match).every(([k, v]) => r[k] === v)).reduce((n, r) => n + Number(r.eventsCount), 0);

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Reader insights org');
  orgId = own.id;
  admin = apiClient(stack, own.admin.token);
  api = ledger.client(own.admin.token);
  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Counted space' });
  const { pages } = await mergeChanges(api, space.id, [
    { operation: 'insert_page', ref: 'intro', title: 'Introduction', document: { markdown: 'Welcome.' } },
    { operation: 'insert_page', ref: 'guides', title: 'Guides', document: { markdown: 'All the guides.' } },
  ] as never);
  introId = pages.intro as string;
  guidesId = pages.guides as string;
  const { data: site } = await api.orgs.createSite(orgId, { title: 'Counted', visibility: SiteVisibility.Public, spaces: [space.id] });
  await api.orgs.updateSiteById(orgId, site.id, { basename: `counted-${unique}` });
  await api.orgs.publishSite(orgId, site.id);
  siteId = site.id;
  builtIn = (await api.orgs.getSiteById(orgId, site.id)).data.urls.published!;
  const { data: siteSpaces } = await api.orgs.listSiteSpaces(orgId, site.id);
  siteSpaceId = siteSpaces.items[0]!.id;
});

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

describe('served answers are counted', () => {
  // A visitor cookie set earlier (on a share-link or visitor-auth site's private answer): a public
  // site's answers may be kept by a shared cache, so they set none, but they read one that is sent.
  const visitorCookie = `quire_visitor=${'v'.repeat(24)}; quire_session=${'s'.repeat(24)}`;

  it("sets no cookie on a public site's page (a shared cache may keep it), and counts the visitor of a cookie sent", async () => {
    const res = await fetch(builtIn, { headers: { 'user-agent': BROWSER, referer: 'https://search.example.com/q', cookie: visitorCookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('keeps the visitor of the cookie on a second request, whatever the user agent', async () => {
    const res = await fetch(`${builtIn}guides`, { headers: { 'user-agent': OTHER_BROWSER, cookie: visitorCookie } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('counts a `.md` request from a bot, marked as a bot', async () => {
    const res = await fetch(`${builtIn}guides.md`, { headers: { 'user-agent': BOT } });
    expect(res.status).toBe(200);
    await res.text();
  });

  it('counts `llms.txt` and a search of the search page', async () => {
    for (const url of [`${builtIn}llms.txt`, `${builtIn}~search?q=burrows`]) {
      const res = await fetch(url, { headers: { 'user-agent': BROWSER } });
      expect(res.status).toBe(200);
      await res.text();
    }
  });

  it('counts each MCP tool call (not the handshake nor tools/list) as an agent, whatever its user agent says', async () => {
    const client = new Client({ name: 'quire-e2e-insights', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('~gitbook/mcp', builtIn), { requestInit: { headers: { 'user-agent': BROWSER } } }));
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['getPage', 'searchDocumentation']);
      const page = await client.callTool({ name: 'getPage', arguments: { path: 'guides' } });
      expect(page.isError).toBeFalsy();
      await client.callTool({ name: 'searchDocumentation', arguments: { query: 'guides' } });
    } finally {
      await client.close();
    }
  });

  it('shows page views with their page and site space, the markdown request and the bot in the site’s aggregates', async () => {
    let rows: Record<string, unknown>[] = [];
    await eventually(async () => {
      rows = await aggregate(
        ['eventType', 'page', 'siteSpace', 'visitorBot', 'eventsCount', 'visitorsCount'],
        ['eventType', 'page', 'siteSpace', 'visitorBot'],
      );
      return countOf(rows, {}) >= 7;
    }, 20_000);
    expect(countOf(rows, {})).toBe(7);
    expect(countOf(rows, { eventType: 'mcp_request', siteSpace: siteSpaceId, visitorBot: 'unknown' })).toBe(2);
    expect(countOf(rows, { eventType: 'llms_request', siteSpace: siteSpaceId })).toBe(1);
    expect(countOf(rows, { eventType: 'search_type_query', siteSpace: siteSpaceId })).toBe(1);
    expect(countOf(rows, { eventType: 'page_view', page: introId, siteSpace: siteSpaceId })).toBe(1);
    expect(countOf(rows, { eventType: 'page_view', page: guidesId, siteSpace: siteSpaceId })).toBe(1);
    expect(countOf(rows, { eventType: 'page_markdown_request', page: guidesId, siteSpace: siteSpaceId, visitorBot: 'unknown' })).toBe(1);
    expect(countOf(rows, { eventType: 'page_view', visitorBot: 'unknown' })).toBe(0);
    // Two page views under two user agents, one visitor: the cookie's.
    const views = await aggregate(['eventType', 'eventsCount', 'visitorsCount'], ['eventType']);
    expect(views.find((r) => r.eventType === 'page_view')).toMatchObject({ eventsCount: 2, visitorsCount: 1 });
  });
});
