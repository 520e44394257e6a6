import { apiClient, expectError, type ApiClient } from '../support/api';
import { buildMember, buildOrganization, buildUser } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Site share links: list, create (name ≤ 50, required), patch (active, name), delete; the
// authorization rules; and `shareKey` putting an active key of a share-link site into the
// published URLs of the published profile and the structure lists (never an inactive key, a key
// of another site, or a key on a site that is not share-link).

const stack = currentStack();

let orgId: string;
let admin: ApiClient;
let reader: ApiClient;
let editor: ApiClient;
let creator: ApiClient;
let outsider: ApiClient;

beforeAll(async () => {
  const org = await buildOrganization(stack, 'Share links org');
  orgId = org.id;
  admin = apiClient(stack, org.admin.token);
  const [r, e, c, o] = await Promise.all([
    buildMember(stack, orgId, 'read'),
    buildMember(stack, orgId, 'edit'),
    buildMember(stack, orgId, 'create'),
    buildUser(stack, 'outsider'),
  ]);
  reader = apiClient(stack, r.token);
  editor = apiClient(stack, e.token);
  creator = apiClient(stack, c.token);
  outsider = apiClient(stack, o.token);
});

const sitePath = (siteId: string) => `/v1/orgs/${orgId}/sites/${siteId}`;
const linksPath = (siteId: string) => `${sitePath(siteId)}/share-links`;

async function createSite(body: Record<string, unknown>) {
  const res = await admin.post(`/v1/orgs/${orgId}/sites`, body);
  expect(res.status).toBe(201);
  return res.body as { id: string; urls: { published?: string } };
}

async function createLink(siteId: string, name: string, api: ApiClient = admin) {
  const res = await api.post(linksPath(siteId), { name });
  expect(res.status).toBe(201);
  expectOperationResponse('createSiteShareLink', 201, res.body);
  return res.body as { id: string; name: string; active: boolean; urls: { published: string }; createdAt: string };
}

const keyOf = (link: { urls: { published: string } }) => new URL(link.urls.published).searchParams.get('share_key') as string;

describe('share links', () => {
  it('creates links whose published URL carries the key', async () => {
    const site = await createSite({ title: 'Shared', visibility: 'share-link' });
    const res = await admin.post(linksPath(site.id), { name: 'Partners' });
    expect(res.status).toBe(201);
    expectOperationResponse('createSiteShareLink', 201, res.body);
    expect(res.headers.get('location')).toMatch(new RegExp(`/v1/orgs/${orgId}/sites/${site.id}/share-links/${res.body.id}$`));
    expect(res.body).toMatchObject({ object: 'share-link', name: 'Partners', active: true });
    expect(keyOf(res.body)).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(res.body.urls.published).toMatch(new RegExp(`/sites/${orgId}/${site.id}/\\?share_key=`));
    // Every link has its own key.
    expect(keyOf(await createLink(site.id, 'Press'))).not.toBe(keyOf(res.body));
  });

  it('checks the name: required, at most 50 characters', async () => {
    const site = await createSite({ title: 'Names' });
    expectError(await admin.post(linksPath(site.id), {}), 400, /"name"/);
    expectError(await admin.post(linksPath(site.id), { name: 5 }), 400, /"name"/);
    expectError(await admin.post(linksPath(site.id), { name: 'n'.repeat(51) }), 400, /"name"/);
    expect((await createLink(site.id, 'n'.repeat(50))).name).toBe('n'.repeat(50));
    expectError(await admin.post(linksPath(site.id), { name: 'ok', active: false }), 400);
  });

  it("lists a site's links in creation order, paginated, for members who manage the site", async () => {
    const site = await createSite({ title: 'Listing' });
    const links = [await createLink(site.id, 'One'), await createLink(site.id, 'Two'), await createLink(site.id, 'Three')];
    // Links carry secret keys, so listing them needs the create role.
    for (const api of [reader, editor]) expectError(await api.get(linksPath(site.id)), 403);
    const res = await creator.get(linksPath(site.id));
    expect(res.status).toBe(200);
    expectOperationResponse('listSiteShareLinks', 200, res.body);
    expect(res.body.count).toBe(3);
    expect(res.body.items).toEqual(links);
    const page = await creator.get(`${linksPath(site.id)}?limit=2`);
    expect(page.body.items).toHaveLength(2);
    const rest = await creator.get(`${linksPath(site.id)}?limit=2&page=${page.body.next.page}`);
    expect(rest.body.items.map((l: { id: string }) => l.id)).toEqual([links[2]?.id]);
    expectError(await outsider.get(linksPath(site.id)), 404);
    // Another site's list holds none of them.
    const other = await createSite({ title: 'Empty' });
    expect((await admin.get(linksPath(other.id))).body).toEqual({ count: 0, items: [] });
  });

  it("finds links by name (any case) or key with `search`, a parameter of today's client (0.202.0)", async () => {
    const site = await createSite({ title: 'Searching' });
    const [alpha, beta] = [await createLink(site.id, 'Alpha partner'), await createLink(site.id, 'beta reviewers'), await createLink(site.id, 'Gamma')];
    const found = async (search: string) =>
      ((await admin.get(`${linksPath(site.id)}?search=${encodeURIComponent(search)}`)).body.items as { id: string }[]).map((l) => l.id);
    expect(await found('ALPHA')).toEqual([alpha?.id]);
    expect(await found('a')).toHaveLength(3);
    expect(await found(keyOf(beta as { urls: { published: string } }))).toEqual([beta?.id]);
    expect(await found('nobody')).toEqual([]);
    expect(await found('%')).toEqual([]); // no pattern syntax: a literal percent sign
    expectError(await admin.get(`${linksPath(site.id)}?search=${'x'.repeat(101)}`), 400, /"search"/);
  });

  it('patches active and name', async () => {
    const site = await createSite({ title: 'Patching' });
    const link = await createLink(site.id, 'Before');
    const res = await admin.patch(`${linksPath(site.id)}/${link.id}`, { active: false });
    expect(res.status).toBe(200);
    expectOperationResponse('updateSiteShareLinkById', 200, res.body);
    expect(res.body).toEqual({ ...link, active: false });
    const renamed = await creator.patch(`${linksPath(site.id)}/${link.id}`, { name: 'After', active: true });
    expect(renamed.body).toEqual({ ...link, name: 'After', active: true });
    expectError(await admin.patch(`${linksPath(site.id)}/${link.id}`, {}), 400);
    expectError(await admin.patch(`${linksPath(site.id)}/${link.id}`, { name: 'x'.repeat(51) }), 400, /"name"/);
    expectError(await admin.patch(`${linksPath(site.id)}/${link.id}`, { active: 'no' }), 400, /"active"/);
    expectError(await admin.patch(`${linksPath(site.id)}/noSuchLink0000000000`, { active: false }), 404);
    const other = await createSite({ title: "Not the link's site" });
    expectError(await admin.patch(`${linksPath(other.id)}/${link.id}`, { active: false }), 404);
  });

  it('deletes a link (205)', async () => {
    const site = await createSite({ title: 'Deleting' });
    const link = await createLink(site.id, 'Gone soon');
    const res = await admin.delete(`${linksPath(site.id)}/${link.id}`);
    expect(res.status).toBe(205);
    expectOperationResponse('deleteSiteShareLinkById', 205, res.text);
    expect(res.text).toBe('');
    expect((await admin.get(linksPath(site.id))).body.count).toBe(0);
    expectError(await admin.delete(`${linksPath(site.id)}/${link.id}`), 404);
  });

  it('needs the create role to manage links; non-members get 404', async () => {
    const site = await createSite({ title: 'Guarded links' });
    const link = await createLink(site.id, 'Guarded', creator);
    for (const api of [reader, editor]) {
      expectError(await api.post(linksPath(site.id), { name: 'No' }), 403);
      expectError(await api.patch(`${linksPath(site.id)}/${link.id}`, { active: false }), 403);
      expectError(await api.delete(`${linksPath(site.id)}/${link.id}`), 403);
    }
    expectError(await outsider.post(linksPath(site.id), { name: 'No' }), 404);
    expectError(await outsider.patch(`${linksPath(site.id)}/${link.id}`, { active: false }), 404);
    expectError(await outsider.delete(`${linksPath(site.id)}/${link.id}`), 404);
    expectError(await admin.post(`/v1/orgs/${orgId}/sites/noSuchSite0000000000/share-links`, { name: 'No' }), 404);
  });
});

describe('shareKey', () => {
  it('puts an active key of a share-link site into the published URLs, and nothing else', async () => {
    const space = (await admin.post(`/v1/orgs/${orgId}/spaces`, { title: 'Secret handbook' })).body;
    const site = await createSite({ title: 'Share-link site', visibility: 'share-link', spaces: [space.id] });
    expect((await admin.post(`${sitePath(site.id)}/publish`)).status).toBe(200);
    const active = keyOf(await createLink(site.id, 'Active'));
    const inactiveLink = await createLink(site.id, 'Inactive');
    await admin.patch(`${linksPath(site.id)}/${inactiveLink.id}`, { active: false });
    const otherSite = await createSite({ title: 'Other share-link site', visibility: 'share-link' });
    const foreign = keyOf(await createLink(otherSite.id, 'Foreign'));

    const published = async (query: string) => {
      const res = await reader.get(`${sitePath(site.id)}/published${query}`);
      expect(res.status).toBe(200);
      expectOperationResponse('getPublishedContentSite', 200, res.body);
      return res.body;
    };

    const withKey = await published(`?shareKey=${active}`);
    expect(new URL(withKey.site.urls.published).searchParams.get('share_key')).toBe(active);
    expect(new URL(withKey.structure.structure[0].urls.published).searchParams.get('share_key')).toBe(active);
    const listed = await reader.get(`${sitePath(site.id)}/site-spaces?shareKey=${active}`);
    expect(new URL(listed.body.items[0].urls.published).searchParams.get('share_key')).toBe(active);

    for (const key of [keyOf(inactiveLink), foreign, 'notAKey']) {
      const body = await published(`?shareKey=${key}`);
      expect(body.site.urls.published).not.toContain('share_key');
      expect(body.structure.structure[0].urls.published).not.toContain('share_key');
    }
    expect((await published('')).site.urls.published).not.toContain('share_key');

    // A site that is not share-link never carries a key.
    await admin.patch(sitePath(site.id), { visibility: 'public' });
    expect((await published(`?shareKey=${active}`)).site.urls.published).not.toContain('share_key');
  });
});
