import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { validateOperationResponse } from '../support/reference';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { TodayLedger } from '../support/client-0202';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// 0.202.0 getContentByUrl and getEmbedByUrl: an app link of Quire (collection, space, change request,
// page) or a published site's page answers the content it names, read under that content's own
// rule; any other URL embeds as a link.

const stack = currentStack();
const TODAY = { reference: '0.202.0' } as const;
const ledger = new TodayLedger(stack);
let orgId: string;
let api: GitBookAPI;
let raw: ApiClient;
let spaceId: string;
let spaceApp: string;

const contentOf = (url: string, client: ApiClient = raw) => client.get(`/v1/urls/content?url=${encodeURIComponent(url)}`);
const embedOf = (url: string) => raw.get(`/v1/urls/embed?url=${encodeURIComponent(url)}`);

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Content URLs org');
  orgId = own.id;
  api = ledger.client(own.admin.token);
  raw = apiClient(stack, own.admin.token);
  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Handbook' });
  spaceId = space.id;
  spaceApp = space.urls.app;
  await mergeChanges(api, spaceId, [
    { operation: 'insert_page', title: 'Introduction', document: { markdown: 'Welcome.' } },
    { operation: 'insert_page', ref: 'guides', title: 'Guides', document: { markdown: 'All the guides.' } },
  ] as never);
});

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

describe('getContentByUrl', () => {
  it("answers a space's app link with the space, and a page's with the page too", async () => {
    const res = await contentOf(spaceApp);
    expect(res.status).toBe(200);
    expect(validateOperationResponse('getContentByUrl', 200, res.body, TODAY)).toEqual([]);
    expect(Object.keys(res.body)).toEqual(['space']);
    expect(res.body.space).toMatchObject({ object: 'space', id: spaceId, title: 'Handbook' });

    const { data: page } = await api.spaces.getPageByPath(spaceId, 'guides');
    if (page.type !== 'document') throw new Error('guides is a document page');
    const withPage = await contentOf(page.urls.app!);
    expect(withPage.status).toBe(200);
    expect(validateOperationResponse('getContentByUrl', 200, withPage.body, TODAY)).toEqual([]);
    expect(withPage.body.space.id).toBe(spaceId);
    expect(withPage.body.page).toMatchObject({ id: page.id, title: 'Guides', path: 'guides' });
  });

  it("answers a collection's and a change request's app links", async () => {
    const { data: collection } = await api.orgs.createCollection(orgId, { title: 'Handbooks' });
    const found = await contentOf(collection.urls.app);
    expect(found.status).toBe(200);
    expect(validateOperationResponse('getContentByUrl', 200, found.body, TODAY)).toEqual([]);
    expect(found.body).toEqual({ collection: expect.objectContaining({ object: 'collection', id: collection.id, title: 'Handbooks' }) });

    const { data: cr } = await api.spaces.createChangeRequest(spaceId, { subject: 'Draft' });
    const inCr = await contentOf(cr.urls.app);
    expect(inCr.status).toBe(200);
    expect(validateOperationResponse('getContentByUrl', 200, inCr.body, TODAY)).toEqual([]);
    expect(inCr.body.space.id).toBe(spaceId);
    expect(inCr.body.changeRequest).toMatchObject({ object: 'change-request', id: cr.id, number: cr.number, subject: 'Draft' });
  });

  it("answers a published site's page with its space and page", async () => {
    const { data: site } = await api.orgs.createSite(orgId, { title: 'Docs', visibility: SiteVisibility.Public, spaces: [spaceId] });
    await api.orgs.publishSite(orgId, site.id);
    const published = (await api.orgs.getSiteById(orgId, site.id)).data.urls.published!;
    const res = await contentOf(`${published.replace(/\/$/, '')}/guides`);
    expect(res.status).toBe(200);
    expect(validateOperationResponse('getContentByUrl', 200, res.body, TODAY)).toEqual([]);
    expect(res.body.space.id).toBe(spaceId);
    expect(res.body.page).toMatchObject({ title: 'Guides' });
  });

  it('refuses a URL naming nothing (404), a malformed one (400 naming `url`), and content the caller may not read (404)', async () => {
    expectError(await contentOf('https://example.com/nothing/here'), 404);
    expectError(await contentOf(`${spaceApp}/no-such-page`), 404);
    expectError(await raw.get('/v1/urls/content?url=not%20a%20url'), 400, /url/);
    expectError(await raw.get('/v1/urls/content'), 400, /url/);
    const stranger = apiClient(stack, (await buildOrganization(stack, 'Content URLs stranger')).admin.token);
    const refused = await contentOf(spaceApp, stranger);
    expectError(refused, 404);
    expect(JSON.stringify(refused.body)).not.toContain('Handbook');
    expectError(await apiClient(stack, null).get(`/v1/urls/content?url=${encodeURIComponent(spaceApp)}`), 401);
  });
});

describe('getEmbedByUrl', () => {
  it("embeds any URL as a link: titled by Quire's content the caller may read, else by the URL", async () => {
    const { data: page } = await api.spaces.getPageByPath(spaceId, 'guides');
    if (page.type !== 'document') throw new Error('guides is a document page');
    const own = await embedOf(page.urls.app!);
    expect(own.status).toBe(200);
    expect(validateOperationResponse('getEmbedByUrl', 200, own.body, TODAY)).toEqual([]);
    expect(own.body).toEqual({ type: 'link', title: 'Guides', site: new URL(page.urls.app!).hostname });

    const { data: elsewhere } = await api.urls.getEmbedByUrl({ url: 'https://www.youtube.com/watch?v=abc' });
    expect(elsewhere).toEqual({ type: 'link', title: 'https://www.youtube.com/watch?v=abc', site: 'www.youtube.com' });
    expectError(await raw.get('/v1/urls/embed?url=mailto%3Aa%40b.c'), 400, /url/);
  });
});
