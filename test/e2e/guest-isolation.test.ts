import { GitBookAPI, MemberRole, SiteVisibility } from 'gitbook-api-0202';
import { apiClient, type ApiClient, type ApiResponse } from '../support/api';
import { eventually } from '../support/eventually';
import { buildOrganization, type TestUser } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { validateOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// A guest invited to one space sees nothing else of the organization, by any route they can reach
// (docs/permissions.md, Guests): the lists of spaces, collections, sites and members, the other
// ids (404), search, links, change requests, comments, files and PDFs, published URLs, the reader's
// pages, llms.txt, llms-full.txt and MCP server of restricted sites. Every other space's text holds
// the word SECRET; no answer to the guest may.

const stack = currentStack();
const TODAY = { reference: '0.202.0' as const };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let orgId: string;
let admin: ApiClient;
let adminClient: GitBookAPI;
let guest: TestUser;
let guestApi: ApiClient;
let invited: string;
/** The spaces the guest was not invited to, with what they hold. */
const others: { id: string; page: string; changeRequest: string; comment: string; file: string }[] = [];
let collections: string[];
let sites: { id: string; url: string; visibility: string }[];

const expectToday = (operationId: string, res: ApiResponse) => expect(validateOperationResponse(operationId, res.status, res.body, TODAY)).toEqual([]);
const ids = (res: ApiResponse) => (res.body.items as { id: string }[]).map((i) => i.id);

/**
 * Whatever the guest gets, it names no hidden space, change request, collection or site (other than
 * those the request itself names) and shows none of their text.
 */
function expectNothingHidden(res: { status: number; text: string }, what: string): void {
  // The invited space's parent collection (collections[1]) is named by the space itself, not told.
  const hidden = [...others.map((o) => o.id), ...others.map((o) => o.changeRequest), collections[0] as string, ...sites.map((s) => s.id)];
  for (const id of hidden) if (!what.includes(id) && res.text.includes(id)) throw new Error(`${what} (${res.status}) names ${id}: ${res.text.slice(0, 500)}`);
  if (/SECRET/.test(res.text)) throw new Error(`${what} (${res.status}) shows hidden text: ${res.text.slice(0, 500)}`);
}

async function expect404(path: string): Promise<void> {
  const res = await guestApi.get(path);
  expectNothingHidden(res, path);
  expect({ path, status: res.status, code: res.body?.error?.code }).toEqual({ path, status: 404, code: 404 });
}

/** A space with one page, written by `markdown` given the app's base URL (for links into the app). */
async function newSpace(title: string, parent: string | undefined, markdown: (appBase: string) => string): Promise<{ id: string; page: string }> {
  const res = await admin.post(`/v1/orgs/${orgId}/spaces`, { title, parent });
  expect(res.status).toBe(201);
  const id = res.body.id as string;
  const appBase = (res.body.urls.location as string).replace(/\/v1\/spaces\/.*$/, '');
  const document = { markdown: markdown(appBase) };
  const { pages } = await mergeChanges(adminClient, id, [{ operation: 'insert_page', ref: 'p', title: `${title} page`, document }] as never);
  return { id, page: pages.p as string };
}

/** A hidden space with a page, a file, an open change request and a comment on it. */
async function hiddenSpace(title: string, parent?: string): Promise<void> {
  const { id, page } = await newSpace(title, parent, () => `The SECRET zebra of ${title}.\n`);
  const cr = (await adminClient.spaces.createChangeRequest(id, { subject: `SECRET plan for ${title}` })).data;
  const files = await admin.post(`/v1/spaces/${id}/change-requests/${cr.id}/content`, {
    changes: [{ operation: 'insert_files', files: [{ name: 'SECRET.png', base64: PNG.toString('base64'), contentType: 'image/png' }] }],
  });
  expect(files.status).toBe(200);
  const merged = await adminClient.spaces.mergeChangeRequest(id, cr.id);
  expect(merged.data.result).toBe('merge');
  const file = (await admin.get(`/v1/spaces/${id}/content/files`)).body.items[0].id as string;
  // An open change request with a comment, for the change-request and comment routes.
  const open = (await adminClient.spaces.createChangeRequest(id, { subject: `SECRET draft of ${title}` })).data;
  const comment = await admin.post(`/v1/spaces/${id}/change-requests/${open.id}/comments`, { body: { markdown: 'A SECRET remark' }, page });
  expect([200, 201]).toContain(comment.status);
  others.push({ id, page, changeRequest: open.id, comment: comment.body.id as string, file });
}

async function publishedSite(title: string, visibility: SiteVisibility, spaces: string[]): Promise<{ id: string; url: string; visibility: string }> {
  const { data: site } = await adminClient.orgs.createSite(orgId, { title, visibility, spaces: [spaces[0] as string] });
  for (const spaceId of spaces.slice(1)) await adminClient.orgs.addSpaceToSite(orgId, site.id, { spaceId });
  await adminClient.orgs.publishSite(orgId, site.id);
  return { id: site.id, url: (await adminClient.orgs.getSiteById(orgId, site.id)).data.urls.published as string, visibility };
}

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Guest isolation org');
  orgId = own.id;
  admin = apiClient(stack, own.admin.token);
  adminClient = new GitBookAPI({ authToken: own.admin.token, endpoint: stack.url });
  // The guest: the admin of another organization.
  guest = (await buildOrganization(stack, 'Guest home')).admin;
  guestApi = apiClient(stack, guest.token);

  const top = (await admin.post(`/v1/orgs/${orgId}/collections`, { title: 'SECRET guides' })).body.id as string;
  const nested = (await admin.post(`/v1/orgs/${orgId}/collections`, { title: 'SECRET nested', parent: top })).body.id as string;
  collections = [top, nested];
  expect((await admin.put(`/v1/orgs/${orgId}/teams`, { title: 'SECRET team', members: [own.admin.id] })).status).toBe(201);
  await hiddenSpace('SECRET Roadmap', top);
  await hiddenSpace('SECRET Payroll', nested);
  await hiddenSpace('SECRET Handbook');
  // The invited space sits in a collection the guest has no grant on; its page links to a hidden space.
  const shared = await newSpace('Partner guide', nested, (app) => `The public zebra for partners. See [the roadmap](${app}/o/${orgId}/s/${others[0]?.id}).\n`);
  invited = shared.id;

  sites = [
    await publishedSite('SECRET shared docs', SiteVisibility.ShareLink, [others[0]!.id, invited]),
    await publishedSite('SECRET members docs', SiteVisibility.VisitorAuth, [others[1]!.id]),
  ];

  const invite = await adminClient.spaces.inviteToSpace(invited, { role: MemberRole.Read, users: [guest.id] });
  expect(invite.status).toBe(204);
  // Identity makes them a guest through the bus; the lists answer them once it has, on every copy
  // of sites (each keeps memberships a few seconds): four answers in a row, so both copies did.
  await eventually(async () => {
    for (let i = 0; i < 4; i++) if ((await guestApi.get(`/v1/orgs/${orgId}/sites`)).status !== 200) return false;
    return true;
  }, 20000);
}, 240000);

describe('a guest invited to one space', () => {
  it('reads that space, its pages, files and change requests', async () => {
    const space = await guestApi.get(`/v1/spaces/${invited}`);
    expect(space.status).toBe(200);
    expectToday('getSpaceById', space);
    expect(space.body.permissions).toMatchObject({ view: true, edit: false, admin: false });
    // The parent collection is not theirs to see: the space names it but nothing in it leaks.
    const pages = await guestApi.get(`/v1/spaces/${invited}/content/pages`);
    expectToday('listPages', pages);
    expect(pages.body.pages.map((p: { title: string }) => p.title)).toEqual(['Partner guide page']);
    const crs = await guestApi.get(`/v1/spaces/${invited}/change-requests`);
    expect(crs.status).toBe(200);
    for (const res of [pages, crs]) expectNothingHidden(res, 'invited space');
  });

  it('lists only that space, and no collection or site', async () => {
    const spaces = await guestApi.get(`/v1/orgs/${orgId}/spaces`);
    expectToday('listSpacesInOrganizationById', spaces);
    expect(ids(spaces)).toEqual([invited]);
    const listedCollections = await guestApi.get(`/v1/orgs/${orgId}/collections`);
    expectToday('listCollectionsInOrganizationById', listedCollections);
    expect(ids(listedCollections)).toEqual([]);
    const listedSites = await guestApi.get(`/v1/orgs/${orgId}/sites`);
    expectToday('listSites', listedSites);
    expect(ids(listedSites)).toEqual([]);
    // The members: none but themselves, or none at all.
    const members = await guestApi.get(`/v1/orgs/${orgId}/members`);
    if (members.status === 200) expect((members.body.items as { user: { id: string } }[]).map((m) => m.user.id)).toEqual([guest.id]);
    else expect(members.status).toBe(404);
    // Teams and the organization's change requests: nothing of them either.
    const teams = await guestApi.get(`/v1/orgs/${orgId}/teams`);
    const changeRequests = await guestApi.get(`/v1/orgs/${orgId}/change-requests`);
    if (changeRequests.status === 200) expect((changeRequests.body.items as { id: string }[]).length).toBe(0);
    else expect(changeRequests.status).toBe(404);
    for (const res of [spaces, listedCollections, listedSites, members, teams, changeRequests]) expectNothingHidden(res, 'lists');
  });

  it('gets a 404 for every other space, collection and site, and everything in them', async () => {
    for (const o of others) {
      const s = `/v1/spaces/${o.id}`;
      for (const path of [
        s,
        `${s}/content`,
        `${s}/content/pages`,
        `${s}/content/page/${o.page}`,
        `${s}/content/files`,
        `${s}/content/files/${o.file}`,
        `${s}/search?query=zebra`,
        `${s}/links`,
        `${s}/change-requests`,
        `${s}/change-requests/${o.changeRequest}`,
        `${s}/change-requests/${o.changeRequest}/comments`,
        `${s}/comments`,
        `${s}/change-requests/${o.changeRequest}/comments/${o.comment}`,
        `${s}/pdf`,
        `${s}/permissions/aggregate`,
      ])
        await expect404(path);
    }
    for (const c of collections) for (const path of [`/v1/collections/${c}`, `/v1/collections/${c}/spaces`]) await expect404(path);
    for (const site of sites)
      for (const path of [
        `/v1/orgs/${orgId}/sites/${site.id}`,
        `/v1/orgs/${orgId}/sites/${site.id}/published`,
        `/v1/orgs/${orgId}/sites/${site.id}/share-links`,
      ])
        await expect404(path);
  });

  it("reaches nothing hidden through the invited space's ids", async () => {
    const o = others[0]!;
    const s = `/v1/spaces/${invited}`;
    // Another space's change request, comment, file and page are as absent from this space as unknown ones.
    for (const path of [
      `${s}/change-requests/${o.changeRequest}`,
      `${s}/change-requests/${o.changeRequest}/comments/${o.comment}`,
      `${s}/content/files/${o.file}`,
      `${s}/content/page/${o.page}`,
    ])
      await expect404(path);
  });

  it("sees the invited page's link to a hidden space without that space's title", async () => {
    const links = await guestApi.get(`/v1/spaces/${invited}/links`);
    expect(links.status).toBe(200);
    // The admin sees the link as one to that space (so there is something to hide from the guest).
    const toSpace = async (api: ApiClient) =>
      ((await api.get(`/v1/spaces/${invited}/links`)).body.items as { targetReference?: { kind: string; space?: unknown } }[]).filter(
        (l) => l.targetReference?.kind === 'space',
      );
    expect(await toSpace(admin)).toEqual([
      expect.objectContaining({ targetReference: expect.objectContaining({ space: expect.objectContaining({ id: others[0]!.id }) }) }),
    ]);
    // To the guest it is a link to nothing they can see.
    expect(await toSpace(guestApi)).toEqual([]);
    // The address is the guest's own page's text; what it names must not be told.
    expectNothingHidden({ status: links.status, text: links.text.replaceAll(others[0]!.id, '<linked>') }, 'links');
  });

  it('finds only the invited space by search, in the organization and in the space', async () => {
    const found = async (api: ApiClient) => ((await api.get(`/v1/orgs/${orgId}/search?query=zebra`)).body.items as { id: string }[]).map((s) => s.id).sort();
    // Indexing is asynchronous: the admin finds all four spaces once they are indexed.
    await eventually(async () => (await found(admin)).length === others.length + 1, 20000);
    const org = await guestApi.get(`/v1/orgs/${orgId}/search?query=zebra`);
    expectToday('searchOrganizationContent', org);
    expect(ids(org)).toEqual([invited]);
    expectNothingHidden(org, 'organization search');
    const inSpace = await guestApi.get(`/v1/spaces/${invited}/search?query=zebra`);
    expectToday('searchSpaceContent', inSpace);
    expectNothingHidden(inSpace, 'space search');
  });

  it('resolves no restricted site, by the API or in the reader, llms.txt and MCP', async () => {
    for (const site of sites) {
      for (const res of [
        await guestApi.post('/v1/urls/published', { url: site.url }),
        await guestApi.get(`/v1/urls/published?url=${encodeURIComponent(site.url)}`),
      ]) {
        expectNothingHidden(res, `published ${site.url}`);
        expect(res.status).toBe(404);
      }
      const bearer = { authorization: `Bearer ${guest.token}` };
      for (const path of ['', 'llms.txt', 'llms-full.txt']) {
        const res = await fetch(new URL(path, site.url), { redirect: 'manual', headers: bearer });
        const text = await res.text();
        expectNothingHidden({ status: res.status, text }, `reader ${site.url}${path}`);
        // share-link: 404; visitor-auth without a token: 401 (no fallback URL set).
        expect([401, 404]).toContain(res.status);
      }
      const mcp = await fetch(new URL('~gitbook/mcp', site.url), {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'searchDocumentation', arguments: { query: 'zebra' } } }),
      });
      const text = await mcp.text();
      expectNothingHidden({ status: mcp.status, text }, `MCP ${site.url}`);
      expect([401, 404]).toContain(mcp.status);
    }
  });

  it('loses the space with the grant', async () => {
    expect((await adminClient.spaces.removeUserFromSpace(invited, guest.id)).status).toBe(205);
    await expect404(`/v1/spaces/${invited}`);
    await expect404(`/v1/spaces/${invited}/content/pages`);
    await eventually(async () => (await guestApi.get(`/v1/orgs/${orgId}/spaces`)).status === 404, 15000);
  });
});
