import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { buildOrganization } from '../support/factories';
import { currentStack } from '../support/stack';

// The reader's addresses under attack: every Location stays on the site whatever the path (hostile
// `//host`, `/\host` and encoded forms, with a share key or a visitor token), a client's own
// X-Forwarded-Host and X-Forwarded-For are not believed (no proxy is trusted in the test stacks),
// dot segments name no page, section and variant links stay on the address the visitor is on,
// and site redirects that loop or carry control characters are refused.

const stack = currentStack();
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const HOST_A = `docs-a-${unique}.example.com`;
const HOST_B = `docs-b-${unique}.example.com`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

let orgId: string;
let api: ApiClient;
let siteId: string;
/** Site A's built-in address, `/sites/{org}/addresses-…/` (a path on the stack's host). */
let builtInPath: string;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw GET: the path is sent as written and the Host is ours to choose (fetch allows neither). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers: { host: url.host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function spaceWithPage(title: string, pageTitle: string): Promise<string> {
  const space = await api.post(`/v1/orgs/${orgId}/spaces`, { title });
  expect(space.status).toBe(201);
  const changes = await api.post(`/v1/spaces/${space.body.id}/change-requests`, { subject: 'Pages' });
  expect(changes.status).toBe(201);
  const cr = `/v1/spaces/${space.body.id}/change-requests/${changes.body.id}`;
  const edit = await api.post(`${cr}/content`, { changes: [{ operation: 'insert_page', title: pageTitle, document: { markdown: `${pageTitle} text.` } }] });
  expect(edit.status).toBe(200);
  expect((await api.post(`${cr}/merge`)).status).toBe(200);
  return space.body.id as string;
}

async function publishedSite(title: string, spaceId: string, extra: Record<string, unknown>): Promise<{ id: string; published: string }> {
  const site = await api.post(`/v1/orgs/${orgId}/sites`, { title, visibility: 'public', spaces: [spaceId] });
  expect(site.status).toBe(201);
  expect((await api.patch(`/v1/orgs/${orgId}/sites/${site.body.id}`, extra)).status).toBe(200);
  expect((await api.post(`/v1/orgs/${orgId}/sites/${site.body.id}/publish`)).status).toBe(200);
  const read = await api.get(`/v1/orgs/${orgId}/sites/${site.body.id}`);
  return { id: site.body.id as string, published: read.body.urls.published as string };
}

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Reader addresses org');
  orgId = own.id;
  api = apiClient(stack, own.admin.token);
  const guide = await spaceWithPage('Guide A', 'Welcome A');
  const v2 = await spaceWithPage('Guide A v2', 'Upgrade A');
  const reference = await spaceWithPage('Reference A', 'Endpoints A');
  const site = await api.post(`/v1/orgs/${orgId}/sites`, { title: 'Site A', visibility: 'public', spaces: [guide] });
  siteId = site.body.id as string;
  const second = await api.post(`/v1/orgs/${orgId}/sites/${siteId}/site-spaces`, { spaceId: v2 });
  expect((await api.patch(`/v1/orgs/${orgId}/sites/${siteId}/site-spaces/${second.body.id}`, { path: 'v2' })).status).toBe(200);
  expect((await api.post(`/v1/orgs/${orgId}/sites/${siteId}/sections`, { spaceId: reference, title: 'Reference' })).status).toBe(201);
  expect((await api.patch(`/v1/orgs/${orgId}/sites/${siteId}`, { basename: `addresses-${unique}`, hostname: HOST_A })).status).toBe(200);
  expect((await api.post(`/v1/orgs/${orgId}/sites/${siteId}/publish`)).status).toBe(200);
  builtInPath = `/sites/${orgId}/addresses-${unique}/`;

  // Another organization's site on another hostname, with a redirect of its own.
  const other = await buildOrganization(stack, 'Other addresses org');
  const otherApi = apiClient(stack, other.admin.token);
  const otherSpace = await otherApi.post(`/v1/orgs/${other.id}/spaces`, { title: 'Secret B space' });
  const siteB = await otherApi.post(`/v1/orgs/${other.id}/sites`, { title: 'Secret site B', visibility: 'public', spaces: [otherSpace.body.id] });
  expect((await otherApi.patch(`/v1/orgs/${other.id}/sites/${siteB.body.id}`, { hostname: HOST_B })).status).toBe(200);
  const redirect = await otherApi.post(`/v1/orgs/${other.id}/sites/${siteB.body.id}/redirects`, {
    source: '/b-only',
    destination: { kind: 'external', url: 'https://b-target.example/' },
    permanent: true,
  });
  expect(redirect.status).toBe(201);
  expect((await otherApi.post(`/v1/orgs/${other.id}/sites/${siteB.body.id}/publish`)).status).toBe(200);
});

/** Whether a Location names a path on `origin` or a URL of that origin, never another host. */
function isOnSite(location: string, origin: string): boolean {
  if (/^[/\\]{2}|^\\/.test(location)) return false;
  return new URL(location, origin).origin === origin;
}

describe('hostile paths: every Location stays on the site', () => {
  const HOSTILE = [
    '//evil.example/x',
    '/\\evil.example/x',
    '/%2F%2Fevil.example/x',
    '/%2f%2fevil.example/x',
    '/%5C%5Cevil.example/x',
    '\\\\evil.example/x',
    '///evil.example/x',
    '/\\/evil.example/x',
    '/%5C/evil.example',
  ];

  it.each([
    ['the custom hostname', () => ({ prefix: '', host: HOST_A, origin: `http://${HOST_A}` })],
    ['the built-in address', () => ({ prefix: builtInPath.replace(/\/$/, ''), host: new URL(stack.url).host, origin: new URL(stack.url).origin })],
  ])('on %s, with a share key or a visitor token', async (_where, place) => {
    const { prefix, host, origin } = place();
    let redirects = 0;
    for (const path of HOSTILE) {
      for (const credential of ['share_key=any', 'jwt_token=any']) {
        const answer = await rawGet(`${prefix}${path}?${credential}`, { host });
        expect([path, answer.status]).not.toEqual([path, 500]);
        const location = answer.headers.location;
        if (location === undefined) continue;
        redirects++;
        expect([path, location, isOnSite(location, origin)]).toEqual([path, location, true]);
      }
    }
    // The share key is taken off a public site's address too: the hostile paths were answered with redirects.
    expect(redirects).toBeGreaterThan(0);
  });
});

describe('forwarding headers a client sends are not believed', () => {
  it('serves the Host’s site, never the one a client-sent X-Forwarded-Host names, and follows none of its redirects', async () => {
    const page = await rawGet('/', { host: HOST_A, 'x-forwarded-host': HOST_B, 'x-forwarded-proto': 'https' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Site A');
    expect(page.body).not.toContain('Secret site B');
    // B's own redirect answers on B's hostname, and only there.
    expect((await rawGet('/b-only', { host: HOST_B })).headers.location).toBe('https://b-target.example/');
    const poisoned = await rawGet('/b-only', { host: HOST_A, 'x-forwarded-host': HOST_B });
    expect(poisoned.status).not.toBe(308);
    expect(poisoned.headers.location).toBeUndefined();
    // Nor does a forwarded host make Quire's own host a site's.
    const own = await rawGet('/', { 'x-forwarded-host': HOST_B });
    expect(own.body).not.toContain('Secret site B');
  });

  it('counts requests with different client-sent X-Forwarded-For values as one visitor', async () => {
    const space = await spaceWithPage('Counted once', 'Counted page');
    const site = await publishedSite('Counted once', space, { basename: `counted-once-${unique}` });
    const path = new URL(site.published).pathname;
    const REQUESTS = 6;
    for (let i = 1; i <= REQUESTS; i++) {
      const answer = await rawGet(path, { 'x-forwarded-for': `198.51.100.${i}`, 'user-agent': BROWSER });
      expect(answer.status).toBe(200);
    }
    const counts = async () => {
      const res = await api.post(`/v1/orgs/${orgId}/sites/${site.id}/insights/events/aggregate`, {
        range: 'last24Hours',
        select: [{ column: 'eventsCount' }, { column: 'visitorsCount' }],
        groupBy: [{ column: 'eventType' }],
      });
      expect(res.status).toBe(200);
      const columns = res.body.columns as { column: string; values: unknown[] }[];
      const value = (name: string) => Number(columns.find((c) => c.column === name)?.values[0] ?? 0);
      return { events: value('eventsCount'), visitors: value('visitorsCount') };
    };
    await eventually(async () => (await counts()).events >= REQUESTS, 30_000);
    expect(await counts()).toEqual({ events: REQUESTS, visitors: 1 });
  });
});

describe('reader paths', () => {
  it('answers a dot segment after ~files (plain or encoded) with the 404 page, not the site’s root', async () => {
    const root = await rawGet(builtInPath);
    expect(root.status).toBe(200);
    for (const path of [`${builtInPath}~files/%2e%2e`, `${builtInPath}~files/%2E%2e/`, `${builtInPath}v2/~files/..`, `${builtInPath}~files/.%2e`]) {
      const answer = await rawGet(path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body).not.toContain('Welcome A text.');
    }
    expect((await rawGet('/~files/%2e%2e', { host: HOST_A })).status).toBe(404);
  });

  it('links sections and variants within the address the visitor is on: the built-in address and the custom hostname', async () => {
    const linksOf = (html: string, nav: 'sections' | 'variants') => {
      const block = new RegExp(`<nav class="${nav}"[\\s\\S]*?</nav>`).exec(html)?.[0] ?? '';
      return [...block.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    };
    const builtIn = await rawGet(builtInPath);
    expect(builtIn.status).toBe(200);
    expect(linksOf(builtIn.body, 'sections').sort()).toEqual([builtInPath, `${builtInPath}reference`].sort());
    expect(linksOf(builtIn.body, 'variants').sort()).toEqual([builtInPath, `${builtInPath}v2`].sort());
    const hosted = await rawGet('/', { host: HOST_A });
    expect(hosted.status).toBe(200);
    expect(linksOf(hosted.body, 'sections').sort()).toEqual(['/', '/reference']);
    expect(linksOf(hosted.body, 'variants').sort()).toEqual(['/', '/v2']);
  });
});

describe('site redirects that loop or carry control characters', () => {
  const redirectsPath = () => `/v1/orgs/${orgId}/sites/${siteId}/redirects`;
  const external = (url: string) => ({ kind: 'external', url });

  it('refuses CR, LF and other control characters in an external URL with 400 naming the field, on create, update and bulk', async () => {
    for (const url of ['https://a.example/x\r\nSet-Cookie: a=b', 'https://a.example/\nx', 'https://a.example/\tx', 'https://a.example/\u0007']) {
      expectError(await api.post(redirectsPath(), { source: `/crlf-${unique}`, destination: external(url) }), 400, /"destination\.url".*control/);
    }
    const created = await api.post(redirectsPath(), { source: `/crlf-ok-${unique}`, destination: external('https://a.example/ok') });
    expect(created.status).toBe(201);
    expectError(
      await api.patch(`${redirectsPath()}/${created.body.id}`, { destination: external('https://a.example/\r\n') }),
      400,
      /"destination\.url".*control/,
    );
    expectError(
      await api.put(redirectsPath(), { redirects: [{ source: '/crlf-bulk', destination: external('https://a.example/\r') }] }),
      400,
      /"redirects\.0\.destination\.url"/,
    );
  });

  it('refuses a self-redirect and a loop through the site’s own addresses (built-in and hostname) with 400 naming the field, on create, update and bulk', async () => {
    const builtInUrl = new URL(builtInPath, stack.url).href;
    // A redirect to itself, by either address of the site, any scheme.
    for (const url of [`${builtInUrl}self-a`, `https://${HOST_A}/self-a`, `http://${HOST_A.toUpperCase()}/self-a`]) {
      expectError(await api.post(redirectsPath(), { source: '/self-a', destination: external(url) }), 400, /"destination".*loop/);
    }
    // /loop-a → /loop-b (hostname) then /loop-b → /loop-a (built-in): the second closes the loop.
    const a = await api.post(redirectsPath(), { source: '/loop-a', destination: external(`https://${HOST_A}/loop-b`) });
    expect(a.status).toBe(201);
    expectError(await api.post(redirectsPath(), { source: '/loop-b', destination: external(`${builtInUrl}loop-a`) }), 400, /"destination".*loop/);
    // Updating an innocent redirect into the loop is refused too; pointing it elsewhere is fine.
    const b = await api.post(redirectsPath(), { source: '/loop-b', destination: external('https://elsewhere.example/') });
    expect(b.status).toBe(201);
    expectError(await api.patch(`${redirectsPath()}/${b.body.id}`, { destination: external(`${builtInUrl}loop-a`) }), 400, /"destination".*loop/);
    // A wildcard capturing its suffix into a wildcard that sends it back.
    const wild = await api.post(redirectsPath(), { source: '/wild-a/*', destination: external(`https://${HOST_A}/wild-b`), captureWildcard: true });
    expect(wild.status).toBe(201);
    expectError(
      await api.post(redirectsPath(), { source: '/wild-b/*', destination: external(`https://${HOST_A}/wild-a`), captureWildcard: true }),
      400,
      /"destination".*loop/,
    );
    // Two items of one bulk call that loop together.
    expectError(
      await api.put(redirectsPath(), {
        redirects: [
          { source: '/bulk-a', destination: external(`https://${HOST_A}/bulk-b`) },
          { source: '/bulk-b', destination: external(`https://${HOST_A}/bulk-a`) },
        ],
      }),
      400,
      /"redirects\.\d\.destination".*loop/,
    );
    // A chain that leaves the site is no loop.
    expect((await api.post(redirectsPath(), { source: '/chain-c', destination: external(`https://${HOST_A}/loop-a`) })).status).toBe(201);
  });
});
