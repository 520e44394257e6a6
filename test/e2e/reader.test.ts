import { request as httpRequest } from 'node:http';
import { SignJWT } from 'jose';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { TodayLedger } from '../support/client-0202';
import { eventually } from '../support/eventually';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// The reader serves every published site to its audience as HTML. A site is
// published through the API, then read with plain requests — no token — as a visitor would.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
let orgId: string;
let api: GitBookAPI;
let adminToken: string;
let spaceId: string;
let siteId: string;
/** The public site's built-in address, `…/sites/{org}/handbook-…/`. */
let builtIn: string;
/** A 1×1 PNG. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A visitor's request: no token, redirects not followed. */
const visit = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });
const pathOf = (url: string) => new URL(url).pathname;

async function publishedSite(title: string, visibility: SiteVisibility, extra: Record<string, unknown> = {}) {
  const { data: site } = await api.orgs.createSite(orgId, { title, visibility, spaces: [spaceId] });
  if (Object.keys(extra).length) await api.orgs.updateSiteById(orgId, site.id, extra);
  await api.orgs.publishSite(orgId, site.id);
  return { id: site.id, url: (await api.orgs.getSiteById(orgId, site.id)).data.urls.published! };
}

/** The Set-Cookie values of an answer. */
const setCookies = (res: Response) => res.headers.getSetCookie();
/** `name=value` of a Set-Cookie value, as a browser sends it back. */
const cookiePair = (setCookie: string) => setCookie.split(';')[0]!;

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Reader org');
  orgId = own.id;
  adminToken = own.admin.token;
  api = ledger.client(own.admin.token);
  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Handbook space' });
  spaceId = space.id;
  const { pages } = await mergeChanges(api, spaceId, [
    {
      operation: 'insert_page',
      title: 'Introduction',
      document: { markdown: 'Welcome to the **handbook**.\n\n## Getting started\n\nRead on.\n\n![A pixel](./pixel)' },
    },
    { operation: 'insert_files', files: [{ name: 'pixel.png', ref: 'pixel', base64: PIXEL, contentType: 'image/png' }] },
    { operation: 'insert_page', ref: 'guides', title: 'Guides', document: { markdown: 'All the guides.' } },
  ] as never);
  await mergeChanges(api, spaceId, [
    { operation: 'insert_page', title: 'Install', into: pages.guides as string, document: { markdown: 'How to install. See [the guides](../guides.md).' } },
  ] as never);
  const site = await publishedSite('Handbook', SiteVisibility.Public, { basename: `handbook-${unique}` });
  siteId = site.id;
  builtIn = site.url;
  expect(builtIn).toMatch(new RegExp(`/sites/${orgId}/handbook-${unique}/$`));
});

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

describe('pages people read', () => {
  it('serves the site root as its first page, inside the site, to a visitor with no token', async () => {
    const res = await visit(builtIn);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<title>Introduction | Handbook</title>');
    expect(html).toMatch(/<h1[^>]*>Introduction<\/h1>/);
    // `##` is the document's heading-2: one below the page title (h1), so h3.
    expect(html).toMatch(/<h3 id="getting-started">/);
    expect(html).toMatch(/class="toc"[\s\S]*href="#getting-started"/);
    expect(html).toContain('<strong>handbook</strong>');
    const base = pathOf(builtIn);
    // The sidebar lists the tree with published addresses; the next page follows.
    expect(html).toContain(`href="${base}guides"`);
    expect(html).toContain(`href="${base}guides/install"`);
    expect(html).toMatch(new RegExp(`<a[^>]*href="${base}guides"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="${base}guides"`));
    expect(html).toContain('<link rel="canonical"');
    expect(html).toContain(`<link rel="alternate" type="text/markdown" href="${base}introduction.md">`);
    expect(html).not.toContain('noindex');
  });

  it('serves a nested page with breadcrumbs, previous and next, and links between pages resolved', async () => {
    const res = await visit(`${builtIn}guides/install`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const base = pathOf(builtIn);
    expect(html).toContain('<title>Install | Handbook</title>');
    expect(html).toMatch(/aria-label="Breadcrumbs"[\s\S]*Guides/);
    expect(html).toMatch(new RegExp(`rel="prev"[^>]*>|href="${base}guides"[^>]*rel="prev"`));
    expect(html).toContain(`<a href="${base}guides">the guides</a>`);
    expect(html).toContain('aria-current="page"');
  });

  it('serves the images of a page at the site space’s content-addressed address, and a file id redirects there', async () => {
    const html = await (await visit(builtIn)).text();
    const src = /<img[^>]*src="([^"]+)"[^>]*alt="A pixel"|<img[^>]*alt="A pixel"[^>]*src="([^"]+)"/.exec(html);
    const address = src?.[1] ?? src?.[2];
    expect(address).toMatch(new RegExp(`^${pathOf(builtIn)}~files/[0-9a-f]{64}/pixel\\.png$`));
    const file = await visit(new URL(address!, builtIn).href);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=3600, immutable');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(PIXEL, 'base64'));
    // The file's id (the address pages named before) leads to the same address.
    const { data: files } = await api.spaces.listFiles(spaceId);
    const byId = await visit(`${builtIn}~files/${files.items[0]!.id}`);
    expect(byId.status).toBe(302);
    expect(byId.headers.get('location')).toBe(address);
    expect((await visit(`${builtIn}~files/no-such-file`)).status).toBe(404);
  });

  it('answers strict security headers and never shows a token, the principal or a signed header', async () => {
    const res = await visit(builtIn, { headers: { authorization: `Bearer ${adminToken}`, 'x-quire-principal': 'forged' } });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    // forEach, not entries(): the program's Headers type is the DOM one without its iterators.
    const lines: string[] = [];
    res.headers.forEach((value, name) => lines.push(`${name}: ${value}`));
    const headers = lines.join('\n');
    expect(headers).not.toMatch(/x-quire|principal|signature|authorization/i);
    const html = await res.text();
    expect(html).not.toContain(adminToken);
    expect(html).not.toMatch(/x-quire|eyJ/);
  });

  it('answers an unknown page and an unknown site with a 404 page', async () => {
    const missing = await visit(`${builtIn}no-such-page`);
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain('Page not found');
    // Still inside the site: its sidebar is there.
    expect(html).toContain(`href="${pathOf(builtIn)}guides"`);
    const noSite = await visit(builtIn.replace(/handbook-[^/]+\/$/, 'no-such-site/'));
    expect(noSite.status).toBe(404);
    expect(await noSite.text()).toContain('Page not found');
  });

  it('answers an unpublished site with 404 once the event has reached the reader', async () => {
    const site = await publishedSite('Soon gone', SiteVisibility.Public);
    for (let i = 0; i < 3; i++) expect((await visit(site.url)).status).toBe(200);
    await api.orgs.unpublishSite(orgId, site.id);
    // Anonymous visitors' resolutions are kept until the site's event invalidates them (docs/reader.md, Fast and fresh).
    await eventually(async () => (await visit(site.url)).status === 404, 10_000);
  });

  it('answers a site redirect with 308 on a public site and 307 on an unlisted one', async () => {
    await api.orgs.createSiteRedirect(orgId, siteId, { source: '/old-install', destination: { kind: 'path', spaceId, path: 'guides/install' } as never });
    const moved = await visit(`${builtIn}old-install`);
    expect(moved.status).toBe(308);
    expect(pathOf(moved.headers.get('location')!)).toBe(`${pathOf(builtIn)}guides/install`);

    const unlisted = await publishedSite('Unlisted', SiteVisibility.Unlisted);
    await api.orgs.createSiteRedirect(orgId, unlisted.id, { source: '/elsewhere', destination: { kind: 'external', url: 'https://example.org/moved' } });
    const away = await visit(`${unlisted.url}elsewhere`);
    expect(away.status).toBe(307);
    expect(away.headers.get('location')).toBe('https://example.org/moved');
  });

  it('serves a site by its custom hostname too', async () => {
    const hostname = `docs-${unique}.example.com`;
    const site = await publishedSite('By hostname', SiteVisibility.Public, { hostname });
    const { status, body } = await getWithHost(stack.url, hostname, '/guides/install');
    expect(status).toBe(200);
    expect(body).toContain('<title>Install | By hostname</title>');
    expect(body).toContain('href="/guides"');
    expect(site.url).toBe(`https://${hostname}/`);
    // `/v1` stays the API on any host.
    expect((await getWithHost(stack.url, hostname, '/v1/user')).status).toBe(401);
  });
});

describe('audience', () => {
  it('serves an unlisted site with noindex', async () => {
    const site = await publishedSite('Unlisted docs', SiteVisibility.Unlisted);
    const res = await visit(site.url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<meta name="robots" content="noindex">');
  });

  it('lets a share key in once, keeps it in a site-scoped HttpOnly cookie, and stops it as soon as it is revoked', async () => {
    const site = await publishedSite('Shared', SiteVisibility.ShareLink);
    const { data: link } = await api.orgs.createSiteShareLink(orgId, site.id, { name: 'Partners' });
    const key = new URL(link.urls.published!).searchParams.get('share_key')!;
    expect((await visit(site.url)).status).toBe(404);
    expect((await visit(`${site.url}?share_key=wrong`)).status).toBe(404);

    const entry = await visit(`${site.url}guides?share_key=${key}`);
    expect(entry.status).toBe(302);
    expect(entry.headers.get('location')).toBe(`${pathOf(site.url)}guides`);
    const [cookie] = setCookies(entry);
    expect(cookie).toMatch(/^quire_share_key=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toContain(`Path=${pathOf(site.url).replace(/\/$/, '')}`);

    const inside = await visit(`${site.url}guides`, { headers: { cookie: cookiePair(cookie!) } });
    expect(inside.status).toBe(200);
    expect(inside.headers.get('cache-control')).toBe('private, no-store');
    const html = await inside.text();
    expect(html).toContain('<title>Guides | Shared</title>');
    expect(html).not.toContain(key);
    // The key opens this site only: the public site's neighbour of another visibility stays shut.
    const other = await publishedSite('Other shared', SiteVisibility.ShareLink);
    expect((await visit(other.url, { headers: { cookie: cookiePair(cookie!) } })).status).toBe(404);

    await api.orgs.updateSiteShareLinkById(orgId, site.id, link.id, { active: false });
    expect((await visit(`${site.url}guides`, { headers: { cookie: cookiePair(cookie!) } })).status).toBe(404);
  });

  it('lets a visitor in with a valid JWT (kept in a cookie) and sends everyone else to the fallback URL', async () => {
    const site = await publishedSite('Members only', SiteVisibility.VisitorAuth);
    const { data: auth } = await api.orgs.updateSitePublishingAuthById(orgId, site.id, { backend: 'custom', fallbackURL: 'https://login.example.com/sso' });
    const key = new TextEncoder().encode(auth.privateKey);
    const good = await new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key);
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('not the key'));

    const refused = await visit(site.url);
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe('https://login.example.com/sso');
    expect((await visit(`${site.url}?jwt_token=${forged}`)).headers.get('location')).toBe('https://login.example.com/sso');

    const entry = await visit(`${site.url}?jwt_token=${good}`);
    expect(entry.status).toBe(302);
    expect(entry.headers.get('location')).toBe(pathOf(site.url));
    const [cookie] = setCookies(entry);
    expect(cookie).toMatch(/^quire_visitor_token=.*HttpOnly; SameSite=Lax/);
    const inside = await visit(site.url, { headers: { cookie: cookiePair(cookie!) } });
    expect(inside.status).toBe(200);
    expect(await inside.text()).toContain('<title>Introduction | Members only</title>');
  });

  it('answers a refused visitor of a visitor-auth site without a fallback URL with a 401 page', async () => {
    const site = await publishedSite('No fallback', SiteVisibility.VisitorAuth);
    await api.orgs.updateSitePublishingAuthById(orgId, site.id, { backend: 'custom' });
    const res = await visit(site.url);
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('Sign-in needed');
  });
});

describe('search page', () => {
  // Words no other test writes: each names one place text can be in.
  const published = `wombat${unique}`;
  const heading = `burrow${unique}`;
  const draftOnly = `draft${unique}`;
  const offSite = `offsite${unique}`;
  let searchSite: { id: string; url: string };
  let otherSite: { id: string; url: string };

  const searchPage = (siteUrl: string, q: string, init: RequestInit = {}) => visit(`${siteUrl}~search?q=${encodeURIComponent(q)}`, init);
  /** The search page's HTML once site search (indexed asynchronously) finds `q` on the site. */
  async function foundOn(siteUrl: string, q: string, init: RequestInit = {}): Promise<string> {
    let html = '';
    await eventually(async () => {
      const res = await searchPage(siteUrl, q, init);
      expect(res.status).toBe(200);
      html = await res.text();
      return html.includes('class="plain search-results"');
    }, 30_000);
    return html;
  }

  beforeAll(async () => {
    const { data: space } = await api.orgs.createSpace(orgId, { title: 'Burrows space' });
    // A change request never merged: its text is never published, never searched.
    const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: 'Draft' });
    await api.spaces.updateChangeRequestContent(
      space.id,
      cr.id,
      { changes: [{ operation: 'insert_page', title: 'Draft', document: { markdown: `Only in a draft: ${draftOnly}.` } }] } as never,
      { compat: false },
    );
    await mergeChanges(api, space.id, [
      { operation: 'insert_page', title: 'Wombat care', document: { markdown: `Feed the ${published} daily.\n\n## Burrows\n\nA ${heading} is deep.` } },
    ] as never);
    const { data: loose } = await api.orgs.createSpace(orgId, { title: 'Loose space' });
    await mergeChanges(api, loose.id, [{ operation: 'insert_page', title: 'Loose', document: { markdown: `Off the site: ${offSite}.` } }] as never);
    const { data: site } = await api.orgs.createSite(orgId, { title: 'Burrows', visibility: SiteVisibility.Public, spaces: [space.id] });
    await api.orgs.publishSite(orgId, site.id);
    searchSite = { id: site.id, url: (await api.orgs.getSiteById(orgId, site.id)).data.urls.published! };
    const { data: other } = await api.orgs.createSite(orgId, { title: 'Loose site', visibility: SiteVisibility.Public, spaces: [loose.id] });
    await api.orgs.publishSite(orgId, other.id);
    otherSite = { id: other.id, url: (await api.orgs.getSiteById(orgId, other.id)).data.urls.published! };
  });

  it('finds a word of a published page, linking the page and its heading, noindex, with the pages’ headers', async () => {
    const html = await foundOn(searchSite.url, published);
    const base = pathOf(searchSite.url);
    expect(html).toContain(`<a href="${base}wombat-care">Wombat care</a>`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(`value="${published}"`);
    expect(html).toMatch(new RegExp(`<form[^>]*action="${base}~search"`));
    const headingHit = await foundOn(searchSite.url, heading);
    expect(headingHit).toContain(`href="${base}wombat-care#burrows"`);
    const res = await searchPage(searchSite.url, published);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    // Every page's search box sends its query here.
    expect(await (await visit(searchSite.url)).text()).toMatch(new RegExp(`<form[^>]*role="search"[^>]*action="${base}~search"`));
  });

  it('never finds a change request’s text, nor a space that is not on the site', async () => {
    await foundOn(searchSite.url, published);
    // The loose space is indexed (its own site finds it), yet this site never does.
    await foundOn(otherSite.url, offSite);
    for (const q of [draftOnly, offSite]) {
      const res = await searchPage(searchSite.url, q);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('No page matches your search.');
      expect(html).not.toContain('Loose');
    }
  });

  it('shows the empty search page for no query, escapes a hostile one, and never answers a 500', async () => {
    const empty = await visit(`${searchSite.url}~search`);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('Type words to search this site.');
    const hostile = await searchPage(searchSite.url, '<script>alert(1)</script>');
    expect(hostile.status).toBe(200);
    const html = await hostile.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect((await searchPage(searchSite.url, `😀 ${published}`)).status).toBe(200);
    expect((await visit(`${searchSite.url}~search?q=%ED%A0%80`)).status).toBeLessThan(500);
    expect((await searchPage(searchSite.url, 'a\u0000b')).status).toBe(400);
    expect((await searchPage(searchSite.url, 'x'.repeat(513))).status).toBe(400);
  });

  it('answers a share-link site’s search page only to a visitor with its key', async () => {
    const { data: site } = await api.orgs.updateSiteById(orgId, searchSite.id, { visibility: SiteVisibility.ShareLink });
    expect(site.visibility).toBe(SiteVisibility.ShareLink);
    try {
      const { data: link } = await api.orgs.createSiteShareLink(orgId, searchSite.id, { name: 'Search' });
      const key = new URL(link.urls.published!).searchParams.get('share_key')!;
      // The site's event reaches the reader's kept resolutions within the bound (docs/reader.md, Fast and fresh).
      await eventually(async () => (await searchPage(searchSite.url, published)).status === 404, 10_000);
      const entry = await visit(`${searchSite.url}~search?q=${published}&share_key=${key}`);
      expect(entry.status).toBe(302);
      expect(entry.headers.get('location')).toBe(`${pathOf(searchSite.url)}~search?q=${published}`);
      const cookie = { headers: { cookie: cookiePair(setCookies(entry)[0]!) } };
      const html = await foundOn(searchSite.url, published, cookie);
      expect(html).toContain(`href="${pathOf(searchSite.url)}wombat-care"`);
      expect(html).not.toContain(key);
      expect((await searchPage(searchSite.url, published, cookie)).headers.get('cache-control')).toBe('private, no-store');
    } finally {
      await api.orgs.updateSiteById(orgId, searchSite.id, { visibility: SiteVisibility.Public });
    }
  });
});

describe('pages machines read', () => {
  it('serves every page as markdown at <page>.md, under the same audience rules', async () => {
    const res = await visit(`${builtIn}guides/install.md`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const markdown = await res.text();
    expect(markdown).toMatch(/^# Install\n\nHow to install\. See \[the guides\]\(/);
    expect((await visit(`${builtIn}no-such-page.md`)).status).toBe(404);
    const shared = await publishedSite('Shared markdown', SiteVisibility.ShareLink);
    expect((await visit(`${shared.url}guides.md`)).status).toBe(404);
  });

  it('answers sitemap.xml with every readable page of a public site, and robots.txt pointing at it', async () => {
    const sitemap = await visit(`${builtIn}sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => pathOf(m[1]!));
    const base = pathOf(builtIn);
    expect(locs).toEqual([base, `${base}guides`, `${base}guides/install`]);
    // Each page says when it last changed.
    expect(xml.match(/<url><loc>[^<]+<\/loc><lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod><\/url>/g)).toHaveLength(3);
    const robots = await visit(`${builtIn}robots.txt`);
    expect(await robots.text()).toMatch(new RegExp(`^User-agent: \\*\nAllow: /\n\nSitemap: http.*${base}sitemap\\.xml\n$`));
  });

  it('leaves an unlisted site out: no sitemap, robots.txt disallows, markdown marked noindex', async () => {
    const site = await publishedSite('Unlisted machine', SiteVisibility.Unlisted);
    expect((await visit(`${site.url}sitemap.xml`)).status).toBe(404);
    expect(await (await visit(`${site.url}robots.txt`)).text()).toBe('User-agent: *\nDisallow: /\n');
    const markdown = await visit(`${site.url}guides.md`);
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('x-robots-tag')).toBe('noindex');
  });
});

/** A GET with a Host header of our choosing (fetch does not let one set it). */
function getWithHost(base: string, host: string, path: string): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
