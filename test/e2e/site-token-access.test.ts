import { SignJWT, decodeJwt } from 'jose';
import type { GitBookAPI } from 'gitbook-api-0202';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { TodayLedger } from '../support/client-0202';
import { buildOrganization } from '../support/factories';
import { currentStack } from '../support/stack';

// A published site's apiToken lives no longer than the access it was made from: refused at the
// gateway as soon as the site is unpublished, its visibility changes, the share link that opened it
// is deactivated or deleted, or the visitor-auth key is regenerated; never past the visitor JWT's
// `exp`. A token reads what a reader renders, not who wrote a change request or its subject. On the
// reader's side, a credential from the URL becomes a cookie only once it opened the site, no
// answer a shared cache may keep sets a cookie, and a visitor JWT too long for a cookie is a clear
// 400 page instead of a loop between the site and its fallback URL.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const SUBJECT = 'Internal: launch plan for the acquisition';
let orgId: string;
let adminEmail: string;
let api: GitBookAPI;
let raw: ApiClient;
let space: { id: string; revision: string };

const resolve = async (url: string): Promise<string> => {
  const res = await raw.post('/v1/urls/published', { url });
  expect(res.status).toBe(200);
  return res.body.apiToken as string;
};
/** The status of a renderer's read with the token (the space and its published revision's pages). */
const readsWith = async (token: string) => {
  const reader = apiClient(stack, token);
  return [(await reader.get(`/v1/spaces/${space.id}`)).status, (await reader.get(`/v1/spaces/${space.id}/revisions/${space.revision}/pages`)).status];
};
const expectRefused = async (token: string) => {
  const res = await apiClient(stack, token).get(`/v1/spaces/${space.id}`);
  expectError(res, 401, /no longer valid/);
};
const publishedSite = async (visibility: 'public' | 'unlisted' | 'share-link' | 'visitor-auth') => {
  const { data: site } = await api.orgs.createSite(orgId, { title: `Docs ${visibility}`, visibility: visibility as never, spaces: [space.id] });
  await api.orgs.publishSite(orgId, site.id);
  return { id: site.id, url: (await api.orgs.getSiteById(orgId, site.id)).data.urls.published! };
};
const visit = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });
const signVisitor = (key: string, exp: number, claims: Record<string, unknown> = {}) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(new TextEncoder().encode(key));

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Site token access org');
  orgId = own.id;
  adminEmail = own.admin.email;
  api = ledger.client(own.admin.token);
  raw = apiClient(stack, own.admin.token);
  const { data: created } = await api.orgs.createSpace(orgId, { title: 'Handbook' });
  const { data: cr } = await api.spaces.createChangeRequest(created.id, { subject: SUBJECT });
  await api.spaces.updateChangeRequestContent(
    created.id,
    cr.id,
    { changes: [{ operation: 'insert_page', title: 'Welcome', document: { markdown: 'Hello, readers.' } } as never] },
    { compat: false },
  );
  await api.spaces.mergeChangeRequest(created.id, cr.id);
  space = { id: created.id, revision: (await api.spaces.getSpaceById(created.id)).data.revision };
});

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

describe('a site apiToken ends with the access it was made from', () => {
  it('is refused right after the site is unpublished', async () => {
    const site = await publishedSite('public');
    const token = await resolve(site.url);
    expect(await readsWith(token)).toEqual([200, 200]);
    await api.orgs.unpublishSite(orgId, site.id);
    await expectRefused(token);
  });

  it("is refused right after the site's visibility changes", async () => {
    const site = await publishedSite('public');
    const token = await resolve(site.url);
    expect(await readsWith(token)).toEqual([200, 200]);
    await api.orgs.updateSiteById(orgId, site.id, { visibility: 'unlisted' as never });
    await expectRefused(token);
    // A token of the new audience reads.
    expect(await readsWith(await resolve(site.url))).toEqual([200, 200]);
  });

  it('is refused right after the share link that opened it is deactivated, or deleted; tokens of other links still read', async () => {
    const site = await publishedSite('share-link');
    const links = `/v1/orgs/${orgId}/sites/${site.id}/share-links`;
    const [first, second, third] = [
      (await raw.post(links, { name: 'One' })).body,
      (await raw.post(links, { name: 'Two' })).body,
      (await raw.post(links, { name: 'Three' })).body,
    ];
    const tokenOf = (link: { urls: { published: string } }) => resolve(link.urls.published);
    const [one, two, three] = [await tokenOf(first), await tokenOf(second), await tokenOf(third)];
    expect(await readsWith(one)).toEqual([200, 200]);
    expect(await readsWith(two)).toEqual([200, 200]);

    expect((await raw.patch(`${links}/${first.id}`, { active: false })).status).toBe(200);
    await expectRefused(one);
    expect(await readsWith(two)).toEqual([200, 200]);

    expect((await raw.delete(`${links}/${second.id}`)).status).toBeLessThan(300);
    await expectRefused(two);
    expect(await readsWith(three)).toEqual([200, 200]);
  });

  it("is refused right after the visitor-auth key is regenerated, and never outlives the visitor JWT's exp", async () => {
    const site = await publishedSite('visitor-auth');
    const key = (await api.orgs.getSitePublishingAuthById(orgId, site.id)).data.privateKey;
    const visitorExp = Math.floor(Date.now() / 1000) + 120;
    const token = await resolve(`${site.url}?jwt_token=${await signVisitor(key, visitorExp)}`);
    expect(decodeJwt(token).exp).toBeLessThanOrEqual(visitorExp);
    // Without a shorter JWT, the bound is the end of the hour plus ten minutes.
    const longLived = await resolve(`${site.url}?jwt_token=${await signVisitor(key, Math.floor(Date.now() / 1000) + 86400)}`);
    expect(decodeJwt(longLived).exp! - Date.now() / 1000).toBeLessThanOrEqual(70 * 60);
    expect(await readsWith(token)).toEqual([200, 200]);

    await api.orgs.regenerateSitePublishingAuthById(orgId, site.id);
    await expectRefused(token);
    await expectRefused(longLived);
  });

  it('is short: under 400 characters for a site of one space', async () => {
    const site = await publishedSite('public');
    expect((await resolve(site.url)).length).toBeLessThan(400);
  });
});

describe("a public site's apiToken reads what a reader renders", () => {
  it('shows a merge revision without the change request subject or its author e-mail; members still see them', async () => {
    const site = await publishedSite('public');
    const token = await resolve(site.url);
    const read = await apiClient(stack, token).get(`/v1/spaces/${space.id}/revisions/${space.revision}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: space.revision, type: 'merge', mergedFrom: { object: 'change-request', subject: '' } });
    expect(read.body.mergedFrom.createdBy).not.toHaveProperty('email');
    expect(read.text).not.toContain(adminEmail);
    expect(read.text).not.toContain(SUBJECT);
    expect(read.body.pages).toEqual([expect.objectContaining({ title: 'Welcome' })]);
    const member = await raw.get(`/v1/spaces/${space.id}/revisions/${space.revision}`);
    expect(member.body.mergedFrom).toMatchObject({ subject: SUBJECT, createdBy: { email: adminEmail } });
  });
});

describe('cookies on published sites', () => {
  it('sets no cookie for a share_key or jwt_token on a public site, only sends the visitor to the clean URL', async () => {
    const site = await publishedSite('public');
    for (const query of ['?share_key=anything', '?jwt_token=anything', '?share_key=abc&jwt_token=eyJhbGciOiJIUzI1NiJ9.e30.x']) {
      const res = await visit(`${site.url}${query}`);
      expect([query, res.status, res.headers.get('set-cookie')]).toEqual([query, 302, null]);
      expect(res.headers.get('location')).toBe(new URL(site.url).pathname);
    }
  });

  it('sends no Set-Cookie on any answer marked Cache-Control: public (pages, markdown, llms.txt), cookies only on private ones', async () => {
    const site = await publishedSite('public');
    for (const path of ['', 'welcome', 'welcome.md', 'llms.txt']) {
      const res = await visit(`${site.url}${path}`);
      expect([path, res.status, res.headers.get('cache-control')]).toEqual([path, 200, expect.stringMatching(/^public/)]);
      expect([path, res.headers.get('set-cookie')]).toEqual([path, null]);
    }
    const restricted = await publishedSite('share-link');
    const link = (await raw.post(`/v1/orgs/${orgId}/sites/${restricted.id}/share-links`, { name: 'Reader' })).body;
    const key = new URL(link.urls.published).searchParams.get('share_key');
    const opened = await visit(`${restricted.url}?share_key=${key}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('set-cookie')).toMatch(/^quire_share_key=/);
    const page = await visit(restricted.url, { headers: { cookie: `quire_share_key=${key}` } });
    expect([page.status, page.headers.get('cache-control')]).toEqual([200, 'private, no-store']);
    expect(page.headers.get('set-cookie')).toMatch(/quire_visitor=/);
  });

  it('answers a visitor JWT too long for a cookie with a clear 400 page, not a redirect loop', async () => {
    const site = await publishedSite('visitor-auth');
    const key = (await api.orgs.getSitePublishingAuthById(orgId, site.id)).data.privateKey;
    const long = await signVisitor(key, Math.floor(Date.now() / 1000) + 3600, { padding: 'x'.repeat(4000) });
    expect(long.length).toBeGreaterThan(4096);
    expect(long.length).toBeLessThanOrEqual(8192);
    const res = await visit(`${site.url}?jwt_token=${long}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('Sign-in link too long');
    expect(html).not.toContain(long.slice(0, 40));
    // A token that fits still opens the site (a cookie and the clean URL).
    const fits = await visit(`${site.url}?jwt_token=${await signVisitor(key, Math.floor(Date.now() / 1000) + 3600)}`);
    expect(fits.status).toBe(302);
    expect(fits.headers.get('set-cookie')).toMatch(/^quire_visitor_token=/);
  });
});
