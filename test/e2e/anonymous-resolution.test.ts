import { SignJWT, decodeJwt } from 'jose';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { TodayLedger } from '../support/client-0202';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// GitBook's renderer, run as its README says, calls resolvePublishedContentByUrl with no token: the
// URL is the credential. A public or unlisted site resolves; a share-link site only with an active
// key in the URL; a visitor-auth site only with a valid visitor JWT; anything else is the
// reference's 404. The apiToken it answers stays under 200 characters (the renderer writes it into
// a cache file's name) and reads the site's published content. Every answer through today's client
// (0.202.0), validated against its schemas.

const stack = currentStack();
const ledger = new TodayLedger(stack);
let orgId: string;
let api: GitBookAPI;
/** Today's client with no token, as GitBook's renderer runs. */
let renderer: GitBookAPI;
let anonymous: ApiClient;
let space: { id: string; revision: string };

const publishedSite = async (visibility: SiteVisibility) => {
  const { data: site } = await api.orgs.createSite(orgId, { title: `Docs ${visibility}`, visibility, spaces: [space.id] });
  await api.orgs.publishSite(orgId, site.id);
  return { id: site.id, url: (await api.orgs.getSiteById(orgId, site.id)).data.urls.published! };
};
const signVisitor = (key: string, exp: number) =>
  new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(new TextEncoder().encode(key));
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** A short apiToken that reads the site's published pages through today's client. */
async function expectShortReadingToken(apiToken: string): Promise<void> {
  expect(apiToken.length).toBeLessThan(200);
  expect(decodeJwt(apiToken).exp).toBeGreaterThan(Date.now() / 1000);
  const reader = ledger.client(apiToken);
  const { data } = await reader.spaces.listPagesInRevisionById(space.id, space.revision);
  expect(data.pages.map((p) => p.title)).toEqual(['Welcome']);
}

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Anonymous resolution org');
  orgId = own.id;
  api = ledger.client(own.admin.token);
  renderer = ledger.client('');
  anonymous = apiClient(stack, null);
  const { data: created } = await api.orgs.createSpace(orgId, { title: 'Handbook' });
  const { revision } = await mergeChanges(api, created.id, [{ operation: 'insert_page', title: 'Welcome', document: { markdown: 'Hello.' } } as never]);
  space = { id: created.id, revision };
});

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

describe('resolvePublishedContentByUrl without a token', () => {
  it('resolves a public site, both forms, with a short apiToken that reads its published content', async () => {
    const site = await publishedSite(SiteVisibility.Public);
    const { data: posted } = await renderer.urls.resolvePublishedContentByUrl({ url: site.url });
    expect(posted).toMatchObject({ organization: orgId, site: site.id, space: space.id, revision: space.revision, complete: true });
    const { data: got } = await renderer.urls.getPublishedContentByUrl({ url: site.url });
    expect(got).toEqual(posted);
    if (!('apiToken' in posted)) throw new Error('expected content');
    await expectShortReadingToken(posted.apiToken);
  });

  it('resolves an unlisted site: its address is what opens it', async () => {
    const site = await publishedSite(SiteVisibility.Unlisted);
    const { data } = await renderer.urls.resolvePublishedContentByUrl({ url: site.url });
    expect(data).toMatchObject({ site: site.id, space: space.id });
  });

  it('refuses a share-link site without its key, and resolves it with the key', async () => {
    const site = await publishedSite(SiteVisibility.ShareLink);
    expectError(await anonymous.post('/v1/urls/published', { url: site.url }), 404);
    expectError(await anonymous.post('/v1/urls/published', { url: `${site.url}?share_key=not-a-key` }), 404);
    const { data: link } = await api.orgs.createSiteShareLink(orgId, site.id, { name: 'Partners' });
    const { data } = await renderer.urls.resolvePublishedContentByUrl({ url: link.urls.published! });
    expect(data).toMatchObject({ site: site.id, space: space.id, shareKey: new URL(link.urls.published!).searchParams.get('share_key') });
    if (!('apiToken' in data)) throw new Error('expected content');
    await expectShortReadingToken(data.apiToken);
  });

  it('refuses a visitor-auth site without a valid visitor JWT, and resolves it with one, in the URL or the body', async () => {
    const site = await publishedSite(SiteVisibility.VisitorAuth);
    expectError(await anonymous.post('/v1/urls/published', { url: site.url }), 404);
    const forged = await signVisitor('not-the-site-key-not-the-site-key', inAnHour());
    expectError(await anonymous.post('/v1/urls/published', { url: `${site.url}?jwt_token=${forged}` }), 404);
    const key = (await api.orgs.getSitePublishingAuthById(orgId, site.id)).data.privateKey;
    const expired = await signVisitor(key, Math.floor(Date.now() / 1000) - 3600);
    expectError(await anonymous.post('/v1/urls/published', { url: site.url, visitor: { jwtToken: expired } }), 404);
    const valid = await signVisitor(key, inAnHour());
    const { data: inUrl } = await renderer.urls.resolvePublishedContentByUrl({ url: `${site.url}?jwt_token=${valid}` });
    const { data: inBody } = await renderer.urls.resolvePublishedContentByUrl({ url: site.url, visitor: { jwtToken: valid } });
    for (const data of [inUrl, inBody]) {
      expect(data).toMatchObject({ site: site.id, space: space.id });
      if (!('apiToken' in data)) throw new Error('expected content');
      await expectShortReadingToken(data.apiToken);
    }
  });

  it('is still refused with a bad token, and an unpublished site is a 404 to anyone', async () => {
    const site = await publishedSite(SiteVisibility.Public);
    expectError(await apiClient(stack, 'qr_not_a_known_token').post('/v1/urls/published', { url: site.url }), 401);
    await api.orgs.unpublishSite(orgId, site.id);
    expectError(await anonymous.post('/v1/urls/published', { url: site.url }), 404);
  });
});
