import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { createLogger } from '@quire/platform/logger';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { TodayLedger } from '../support/client-0202';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// Resolving a published URL (resolvePublishedContentByUrl, getPublishedContentByUrl)
// through today's client (0.202.0), every answer validated against its schemas: the built-in
// address, a custom hostname and a proxy origin, site spaces and sections, redirects, 404s, the
// audiences (share key, visitor token) and the apiToken's scope through the gateway.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const HOST = `docs-${unique}.example.com`;
const PROXY_HOST = `proxy-${unique}.example.com`;
let orgId: string;
let api: GitBookAPI;
let raw: ApiClient;
let anonymous: ApiClient;
let home: { id: string; revision: string };
let guides: { id: string; revision: string };
let outside: string;
let siteId: string;
let guidesSiteSpace: string;
let builtIn: string;

const resolve = (url: string, extra: Record<string, unknown> = {}) => raw.post('/v1/urls/published', { url, ...extra });
const spaceOf = async (title: string) => {
  const { data } = await api.orgs.createSpace(orgId, { title });
  return { id: data.id, revision: (await api.spaces.getSpaceById(data.id)).data.revision };
};
const publishedSite = async (title: string, visibility: SiteVisibility, spaceId: string) => {
  const { data: site } = await api.orgs.createSite(orgId, { title, visibility, spaces: [spaceId] });
  await api.orgs.publishSite(orgId, site.id);
  return { id: site.id, url: (await api.orgs.getSiteById(orgId, site.id)).data.urls.published! };
};

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Published URLs org');
  orgId = own.id;
  api = ledger.client(own.admin.token);
  raw = apiClient(stack, own.admin.token);
  anonymous = apiClient(stack, null);
  [home, guides] = [await spaceOf('Home'), await spaceOf('Guides')];
  outside = (await spaceOf('Not on the site')).id;
  const { data: site } = await api.orgs.createSite(orgId, { title: 'Docs', spaces: [home.id] });
  siteId = site.id;
  guidesSiteSpace = (await api.orgs.addSpaceToSite(orgId, siteId, { spaceId: guides.id })).data.id;
  await api.orgs.updateSiteSpaceById(orgId, siteId, guidesSiteSpace, { path: 'guides' });
  await api.orgs.updateSiteById(orgId, siteId, { basename: 'docs' });
  await api.orgs.publishSite(orgId, siteId);
  builtIn = (await api.orgs.getSiteById(orgId, siteId)).data.urls.published!;
  expect(builtIn).toMatch(new RegExp(`/sites/${orgId}/docs/$`));
});

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

describe('resolving a published URL', () => {
  it('resolves the built-in address to the default site space, its published revision and an apiToken', async () => {
    const { data } = await api.urls.resolvePublishedContentByUrl({ url: builtIn });
    const siteBasePath = new URL(builtIn).pathname;
    expect(data).toEqual({
      organization: orgId,
      site: siteId,
      siteSpace: expect.any(String),
      space: home.id,
      revision: home.revision,
      pathname: '',
      basePath: siteBasePath,
      siteBasePath,
      canonicalUrl: builtIn,
      // The root could still name the other site space: a renderer must not reuse this lookup for deeper paths.
      complete: false,
      apiToken: expect.any(String),
    });
    expect((await api.urls.getPublishedContentByUrl({ url: builtIn })).data).toEqual(data);
  });

  it('resolves a site space path and a page path, with or without a trailing slash, escapes canonical', async () => {
    for (const suffix of [
      'guides/getting-started/install',
      'guides/getting-started/install/',
      'guides//getting-started/./install',
      'gu%69des/getting-started/install',
    ]) {
      const { data } = await api.urls.resolvePublishedContentByUrl({ url: builtIn + suffix });
      expect(data).toMatchObject({
        siteSpace: guidesSiteSpace,
        space: guides.id,
        revision: guides.revision,
        pathname: 'getting-started/install',
        basePath: `${new URL(builtIn).pathname}guides/`,
        canonicalUrl: `${builtIn}guides/getting-started/install`,
        complete: true,
      });
    }
    // A page of the default site space: no site-space segment.
    expect((await api.urls.resolvePublishedContentByUrl({ url: `${builtIn}intro` })).data).toMatchObject({ space: home.id, pathname: 'intro', complete: true });
  });

  it('resolves a custom hostname and a proxy origin, whose address becomes canonical', async () => {
    await raw.patch(`/v1/orgs/${orgId}/sites/${siteId}`, { hostname: HOST });
    const { data: byHost } = await api.urls.resolvePublishedContentByUrl({ url: `https://${HOST.toUpperCase()}/guides/a` });
    expect(byHost).toMatchObject({
      site: siteId,
      space: guides.id,
      siteBasePath: '/',
      basePath: '/guides/',
      pathname: 'a',
      canonicalUrl: `https://${HOST}/guides/a`,
    });

    await api.orgs.updateSiteById(orgId, siteId, { proxy: `${PROXY_HOST}/help/docs` });
    const { data: byProxy } = await api.urls.resolvePublishedContentByUrl({ url: `http://${PROXY_HOST}/help/docs/guides/a/b?x=1` });
    expect(byProxy).toMatchObject({ site: siteId, siteBasePath: '/help/docs/', basePath: '/help/docs/guides/', pathname: 'a/b' });
    expect(byProxy).toHaveProperty('canonicalUrl', `https://${PROXY_HOST}/help/docs/guides/a/b`);
    // The built-in address still resolves; a shorter proxy path is another site (none).
    expect((await api.urls.resolvePublishedContentByUrl({ url: `${builtIn}guides/a` })).data).toMatchObject({
      canonicalUrl: `https://${PROXY_HOST}/help/docs/guides/a`,
    });
    expectError(await resolve(`https://${PROXY_HOST}/help/x`), 404);
  });

  it('resolves sections: the section path, then its site spaces', async () => {
    const reference = await spaceOf('Reference');
    const { data: site } = await api.orgs.createSite(orgId, { title: 'Sectioned', spaces: [home.id] });
    const { data: section } = await api.orgs.addSectionToSite(orgId, site.id, { spaceId: reference.id, title: 'Reference' });
    await api.orgs.updateSiteSectionById(orgId, site.id, section.id, { path: 'reference' });
    await api.orgs.publishSite(orgId, site.id);
    const base = (await api.orgs.getSiteById(orgId, site.id)).data.urls.published!;
    const { data } = await api.urls.resolvePublishedContentByUrl({ url: `${base}reference/api/auth` });
    expect(data).toMatchObject({
      site: site.id,
      siteSection: section.id,
      space: reference.id,
      pathname: 'api/auth',
      basePath: `${new URL(base).pathname}reference/`,
      complete: true,
    });
    const { data: root } = await api.urls.resolvePublishedContentByUrl({ url: base });
    expect(root).toMatchObject({ space: home.id, pathname: '', siteSection: expect.any(String) });
    expect((root as { siteSection?: string }).siteSection).not.toBe(section.id);
  });

  it('answers a live redirect of the path as PublishedContentRedirect, into the site or out of it', async () => {
    await api.orgs.createSiteRedirect(orgId, siteId, {
      source: '/old/*',
      destination: { kind: 'site-space', siteSpaceId: guidesSiteSpace },
      captureWildcard: true,
    });
    await api.orgs.createSiteRedirect(orgId, siteId, { source: '/elsewhere', destination: { kind: 'external', url: 'https://example.org/moved' } });
    await api.orgs.createSiteRedirect(orgId, siteId, { source: '/drafted', destination: { kind: 'external', url: 'https://example.org/d' }, draft: true });
    expect((await api.urls.resolvePublishedContentByUrl({ url: `https://${HOST}/old/page` })).data).toEqual({
      target: 'content',
      redirect: `https://${PROXY_HOST}/help/docs/guides/page`,
    });
    expect((await api.urls.getPublishedContentByUrl({ url: `https://${HOST}/elsewhere/` })).data).toEqual({
      target: 'external',
      site: siteId,
      redirect: 'https://example.org/moved',
    });
    // Drafts are not live.
    expect((await api.urls.resolvePublishedContentByUrl({ url: `https://${HOST}/drafted` })).data).toMatchObject({ site: siteId, pathname: 'drafted' });
  });

  it('answers 404 for unknown addresses and unpublished sites, 400 for what is not a URL', async () => {
    expectError(await resolve(`https://nowhere-${unique}.example.com/a`), 404);
    expectError(await resolve(builtIn.replace(/docs\/$/, 'no-such-site/')), 404);
    const { data: draft } = await api.orgs.createSite(orgId, { title: 'Not published', spaces: [home.id] });
    // Its would-be address (the built-in one, as its urls.preview's site would be served).
    const draftUrl = builtIn.replace(/docs\/$/, `${draft.id}/`);
    expectError(await resolve(draftUrl), 404);
    expectError(await raw.get(`/v1/urls/published?url=${encodeURIComponent(draftUrl)}`), 404);
    await api.orgs.publishSite(orgId, draft.id);
    expect((await api.urls.resolvePublishedContentByUrl({ url: draftUrl })).data).toMatchObject({ site: draft.id });
    await api.orgs.unpublishSite(orgId, draft.id);
    expectError(await resolve(draftUrl), 404);
    expectError(await resolve('not a url'), 400, /url/);
    expectError(await raw.post('/v1/urls/published', {}), 400, /url/);
    expectError(await resolve(builtIn, { visitor: { jwtToken: 5 } }), 400, /visitor/);
    // No token is needed: the URL is the credential (anonymous-resolution.test.ts).
    expect((await anonymous.post('/v1/urls/published', { url: builtIn })).body).toMatchObject({ site: siteId });
  });

  it('resolves a share-link site only with an active key', async () => {
    const site = await publishedSite('Shared', SiteVisibility.ShareLink, home.id);
    const { data: link } = await api.orgs.createSiteShareLink(orgId, site.id, { name: 'Partners' });
    const key = new URL(link.urls.published!).searchParams.get('share_key')!;
    expectError(await resolve(site.url), 404, /share key/);
    expectError(await resolve(`${site.url}?share_key=wrong`), 404);
    const { data } = await api.urls.resolvePublishedContentByUrl({ url: `${site.url}page?share_key=${key}` });
    expect(data).toMatchObject({ site: site.id, pathname: 'page', shareKey: key });
    await api.orgs.updateSiteShareLinkById(orgId, site.id, link.id, { active: false });
    expectError(await resolve(`${site.url}page?share_key=${key}`), 404);
  });

  it('resolves a visitor-auth site only with a valid visitor token, and sends refused visitors to the fallback when asked', async () => {
    const site = await publishedSite('Members', SiteVisibility.VisitorAuth, home.id);
    const { data: auth } = await api.orgs.updateSitePublishingAuthById(orgId, site.id, { backend: 'custom', fallbackURL: 'https://login.example.com/sso' });
    const key = new TextEncoder().encode(auth.privateKey);
    const good = await new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const wrongKey = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(64)));
    const unsigned = new UnsecuredJWT({ exp: Math.floor(Date.now() / 1000) + 3600 }).encode();

    expect((await api.urls.resolvePublishedContentByUrl({ url: site.url, visitor: { jwtToken: good } })).data).toMatchObject({ site: site.id });
    expect((await api.urls.resolvePublishedContentByUrl({ url: `${site.url}?jwt_token=${good}` })).data).toMatchObject({ site: site.id });
    expect((await api.urls.getPublishedContentByUrl({ url: site.url, visitorAuthToken: good })).data).toMatchObject({ site: site.id });
    for (const [token, reason] of [
      [undefined, /missing/],
      [expired, /expired/],
      [wrongKey, /bad-signature/],
      [unsigned, /unsigned/],
    ] as const) {
      expectError(await resolve(site.url, token ? { visitor: { jwtToken: token } } : {}), 404, reason);
      const redirected = await api.urls.resolvePublishedContentByUrl({
        url: site.url,
        redirectOnError: true,
        ...(token ? { visitor: { jwtToken: token } } : {}),
      });
      expect(redirected.data).toEqual({ target: 'external', site: site.id, redirect: 'https://login.example.com/sso' });
    }
    expect((await api.urls.getPublishedContentByUrl({ url: site.url, redirectOnError: true })).data).toMatchObject({
      redirect: 'https://login.example.com/sso',
    });
  });
});

describe('the apiToken of a resolved URL', () => {
  let token: string;
  let reader: ApiClient;

  beforeAll(async () => {
    token = (await raw.post('/v1/urls/published', { url: `${builtIn}guides/a` })).body.apiToken;
    reader = apiClient(stack, token);
  });

  it('is a short JWT of the site and its audience, expiring at the end of the hour plus ten minutes at most', () => {
    // Compact (compact-site-api-token.ts): GitBook's renderer puts it into a file name. The spaces it
    // reads are the site's, which the gateway looks up; the reference's other claims are in the answer.
    expect(token.length).toBeLessThan(200);
    const claims = decodeJwt(token);
    expect(claims).toEqual({ k: 'ss', o: orgId, s: siteId, as: expect.stringMatching(/^[\w-]{11}$/), exp: expect.any(Number) });
    expect(claims.exp! * 1000 - Date.now()).toBeLessThanOrEqual(70 * 60 * 1000);
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now() + 10 * 60 * 1000 - 60_000);
  });

  it("reads the site's spaces, their revisions and pages, and the site's profile and redirects", async () => {
    expect((await reader.get(`/v1/spaces/${guides.id}`)).body).toMatchObject({ id: guides.id });
    expect((await reader.get(`/v1/spaces/${home.id}`)).status).toBe(200);
    expect((await reader.get(`/v1/spaces/${guides.id}/revisions/${guides.revision}?metadata=true`)).body).toMatchObject({ id: guides.revision });
    expect((await reader.get(`/v1/spaces/${guides.id}/revisions/${guides.revision}/pages`)).status).toBe(200);
    expect((await reader.get(`/v1/spaces/${guides.id}/revisions/${guides.revision}/files`)).status).toBe(200);
    expectError(await reader.get(`/v1/spaces/${guides.id}/revisions/${guides.revision}/path/${encodeURIComponent('no/such/page')}`), 404);
    expect((await reader.get(`/v1/orgs/${orgId}/sites/${siteId}/published`)).body).toMatchObject({ site: { id: siteId } });
    expect((await reader.get(`/v1/orgs/${orgId}/sites/${siteId}/redirect?source=/elsewhere`)).body).toMatchObject({ target: 'https://example.org/moved' });
  });

  it("searches its own site (site search's audience hook): 200 with the site's spaces, never another site", async () => {
    const found = await reader.post(`/v1/orgs/${orgId}/sites/${siteId}/search`, { query: 'nothing-matches-this-word', scope: { mode: 'all' } });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ items: [] });
    const other = await publishedSite('Searched elsewhere', SiteVisibility.Public, outside);
    expectError(await reader.post(`/v1/orgs/${orgId}/sites/${other.id}/search`, { query: 'a', scope: { mode: 'all' } }), 403);
  });

  it('is refused everywhere else: other spaces, writes, change requests, other sites, the ordinary API', async () => {
    expectError(await reader.get(`/v1/spaces/${outside}`), 403, /site API token/);
    expectError(await reader.patch(`/v1/spaces/${guides.id}`, { title: 'Mine' }), 403);
    expectError(await reader.delete(`/v1/spaces/${guides.id}`), 403);
    expectError(await reader.get(`/v1/spaces/${guides.id}/change-requests`), 403);
    expectError(await reader.post(`/v1/spaces/${guides.id}/change-requests`, { subject: 'x' }), 403);
    expectError(await reader.get(`/v1/spaces/${guides.id}/content`), 403);
    expectError(await reader.get(`/v1/orgs/${orgId}/sites/${siteId}`), 403);
    expectError(await reader.get(`/v1/orgs/${orgId}/sites/${siteId}/share-links`), 403);
    expectError(await reader.get('/v1/user'), 403);
    expectError(await reader.get(`/v1/orgs/${orgId}/spaces`), 403);
    expectError(await reader.post('/v1/urls/published', { url: builtIn }), 403);
    const other = await publishedSite('Other', SiteVisibility.Public, outside);
    expectError(await reader.get(`/v1/orgs/${orgId}/sites/${other.id}/published`), 403);
  });

  it('is 401 when tampered with or unsigned', async () => {
    const [header, payload, signature] = token.split('.');
    const widened = Buffer.from(JSON.stringify({ ...decodeJwt(token), spaces: [outside, guides.id, home.id].sort() })).toString('base64url');
    expectError(await reader.get(`/v1/spaces/${outside}`, { token: `${header}.${widened}.${signature}` }), 401, /site API token/);
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expectError(await reader.get(`/v1/spaces/${guides.id}`, { token: `${header}.${payload}.${flipped}` }), 401);
    const none = new UnsecuredJWT({ ...decodeJwt(token) }).encode();
    expectError(await reader.get(`/v1/spaces/${guides.id}`, { token: none }), 401);
  });

  // Last in this block: it moves the guides space to a new revision.
  it('reads only the published (current) revision: an older one is a 404 on every revision read', async () => {
    const published = (await mergeChanges(api, guides.id, [{ operation: 'insert_page', title: 'Newer', document: { markdown: 'Now.' } }] as never)).revision;
    expect(published).not.toBe(guides.revision);
    expect((await reader.get(`/v1/spaces/${guides.id}/revisions/${published}/pages`)).status).toBe(200);
    for (const suffix of ['', '/pages', '/files', `/path/${encodeURIComponent('a')}`])
      expectError(await reader.get(`/v1/spaces/${guides.id}/revisions/${guides.revision}${suffix}`), 404, new RegExp(`Revision ${guides.revision} not found`));
    // The organization's members still read any revision.
    expect((await raw.get(`/v1/spaces/${guides.id}/revisions/${guides.revision}/pages`)).status).toBe(200);
  });
});

describe("the spaces a resolution shows: sites' projection, kept by content's events", () => {
  /** Resolves `url` until `check` holds (every 10 ms, at most 10 s): the milliseconds it took. */
  const liveAfter = async (url: string, check: (status: number, body: Record<string, unknown>) => boolean): Promise<number> => {
    const started = Date.now();
    for (;;) {
      const res = await resolve(url);
      if (check(res.status, res.body)) return Date.now() - started;
      if (Date.now() - started > 10_000) throw new Error(`resolution of ${url} not changed within 10 s: ${res.status} ${JSON.stringify(res.body)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  /** Content reads of sites' projection made on a space's first use (sites' /metrics; embedded mode only). */
  const firstUseReads = async (): Promise<number | null> => {
    if (stack.target !== 'embedded' || !stack.embedded) return null;
    const { serviceUrls } = JSON.parse(readFileSync(join(stack.embedded.dataDir, 'runtime.json'), 'utf8')) as { serviceUrls: Record<string, string> };
    const metrics = await (await fetch(`${serviceUrls.sites}/metrics`)).text();
    return Number(/sites_published_space_reads_total\{source="first-use"[^}]*\} (\d+)/.exec(metrics)?.[1] ?? 0);
  };

  it('asks content nothing once a space is projected, and follows a merge and a deletion of the space', async () => {
    const space = await spaceOf('Projected');
    const site = await publishedSite('Projected site', SiteVisibility.Public, space.id);
    const { data: first } = await api.urls.resolvePublishedContentByUrl({ url: `${site.url}intro` });
    expect(first).toMatchObject({ site: site.id, space: space.id, revision: space.revision, pathname: 'intro' });
    const reads = await firstUseReads();
    for (const page of ['a', 'b/c', 'd']) {
      expect((await api.urls.resolvePublishedContentByUrl({ url: `${site.url}${page}` })).data).toMatchObject({ space: space.id, revision: space.revision });
    }
    // No content GetSpaces call for the resolutions of a projected space.
    if (reads !== null) expect(await firstUseReads()).toBe(reads);

    const merged = (await mergeChanges(api, space.id, [{ operation: 'insert_page', title: 'Projected page', document: { markdown: 'New.' } }] as never))
      .revision;
    expect(merged).not.toBe(space.revision);
    const mergeLatency = await liveAfter(`${site.url}intro`, (status, body) => status === 200 && body.revision === merged);

    expect((await raw.delete(`/v1/spaces/${space.id}`)).status).toBe(205);
    const deleteLatency = await liveAfter(`${site.url}intro`, (status) => status === 404);
    expectError(await resolve(`${site.url}intro`), 404, /No published content at this URL|publishes no content/);
    if (reads !== null) expect(await firstUseReads()).toBe(reads);
    createLogger('test', 'info').info({ latenciesMs: { merge: mergeLatency, deletion: deleteLatency } }, 'published URL: content change live after');
  });
});
