import { expectError, type ApiClient } from '../support/api';
import { buildRoleCast, type OrgClient } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';
import { eventually } from '../support/eventually';

// Site spaces: add (root, default section, a named section), list with the `default` filter,
// patch, delete, move; the default rule, the embedded Space, published URLs, the limits of spec
// §8 and the authorization rules (non-member 404, read member 403 on writes, any member lists).

const stack = currentStack();

type Org = OrgClient;

let org: Org;
let other: Org;
let reader: ApiClient;
let editor: ApiClient;
let creator: ApiClient;
let outsider: ApiClient;

beforeAll(async () => {
  ({ org, other, reader, editor, creator, outsider } = await buildRoleCast(stack, 'Site spaces org'));
});

async function createSpace(title: string, owner: Org = org) {
  const res = await owner.api.post(`/v1/orgs/${owner.id}/spaces`, { title });
  expect(res.status).toBe(201);
  return res.body;
}

async function createSite() {
  const res = await org.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs site' });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

const siteSpacesPath = (siteId: string) => `/v1/orgs/${org.id}/sites/${siteId}/site-spaces`;

async function addSiteSpace(siteId: string, body: Record<string, unknown>, api: ApiClient = org.api) {
  const res = await api.post(siteSpacesPath(siteId), body);
  expect(res.status).toBe(201);
  expectOperationResponse('addSpaceToSite', 201, res.body);
  return res.body;
}

/** A site with site spaces at its root made from spaces of the given titles, in order. */
async function siteWithSpaces(...titles: string[]) {
  const site = await createSite();
  const siteSpaces = [];
  for (const title of titles) siteSpaces.push(await addSiteSpace(site.id, { spaceId: (await createSpace(title)).id }));
  return { site, siteSpaces };
}

async function listSiteSpaces(siteId: string, query = '', api: ApiClient = org.api) {
  const res = await api.get(`${siteSpacesPath(siteId)}${query}`);
  expect(res.status).toBe(200);
  expectOperationResponse('listSiteSpaces', 200, res.body);
  return res.body;
}

const pathsOf = async (siteId: string) => (await listSiteSpaces(siteId)).items.map((s: { path: string }) => s.path);

/** Waits until `check` holds (facts from other services arrive asynchronously). */
async function createSection(siteId: string, title: string) {
  const res = await org.api.post(`/v1/orgs/${org.id}/sites/${siteId}/sections`, { spaceId: (await createSpace(title)).id });
  expect(res.status).toBe(201);
  return res.body;
}

describe('POST /v1/orgs/{org}/sites/{siteId}/site-spaces', () => {
  it('adds spaces at the root of a site without sections, the first as the default, embedding the Space', async () => {
    const site = await createSite();
    const space = await createSpace('User Guide');
    const first = await addSiteSpace(site.id, { spaceId: space.id });
    expect(first).toMatchObject({ object: 'site-space', path: 'user-guide', title: 'User Guide', default: true, urls: {} });
    expect(first.section).toBeUndefined();
    expect(first.space).toEqual((await org.api.get(`/v1/spaces/${space.id}`)).body);
    const second = await addSiteSpace(site.id, { spaceId: (await createSpace('User guide')).id }, creator);
    expect(second).toMatchObject({ path: 'user-guide-2', default: false });
    const siteRes = await org.api.get(`/v1/orgs/${org.id}/sites/${site.id}`);
    expect(siteRes.body.siteSpaces).toBe(2);
  });

  it('adds to the default section of a site with sections, or to the section named', async () => {
    const site = await createSite();
    const home = await createSection(site.id, 'Home');
    const api = await createSection(site.id, 'API');
    const toDefault = await addSiteSpace(site.id, { spaceId: (await createSpace('Home v2')).id });
    expect(toDefault).toMatchObject({ section: home.id, default: false });
    const named = await addSiteSpace(site.id, { spaceId: (await createSpace('API v2')).id, sectionId: api.id });
    expect(named).toMatchObject({ section: api.id, default: false, path: 'api-v2' });
    expectError(await org.api.post(siteSpacesPath(site.id), { spaceId: (await createSpace('X')).id, sectionId: 'noSuchSection0000000' }), 400, /"sectionId"/);
  });

  it.each([
    ['spaceId', 'missing', {}],
    ['spaceId', 'empty', { spaceId: '' }],
    ['sectionId', 'empty', { spaceId: 'x', sectionId: '' }],
    ['body', 'with an unknown field', { spaceId: 'x', path: 'p' }],
  ])('answers 400 naming "%s" when it is %s', async (field, _what, body) => {
    const site = await createSite();
    expectError(await org.api.post(siteSpacesPath(site.id), body), 400, new RegExp(`"${field}"`));
  });

  it('answers 400 naming spaceId for a space of another organization or an unknown one, and 409 for a space already on the site', async () => {
    const { site, siteSpaces } = await siteWithSpaces('Once');
    expectError(await org.api.post(siteSpacesPath(site.id), { spaceId: (await createSpace('Foreign', other)).id }), 400, /"spaceId"/);
    expectError(await org.api.post(siteSpacesPath(site.id), { spaceId: 'noSuchSpace000000000' }), 400, /"spaceId"/);
    expectError(await org.api.post(siteSpacesPath(site.id), { spaceId: siteSpaces[0].space.id }), 409, /"spaceId"/);
  });

  it('needs the create role: 403 for edit and read members, 404 for a non-member or another organization', async () => {
    const site = await createSite();
    const space = await createSpace('Access');
    expectError(await reader.post(siteSpacesPath(site.id), { spaceId: space.id }), 403);
    expectError(await editor.post(siteSpacesPath(site.id), { spaceId: space.id }), 403);
    expectError(await outsider.post(siteSpacesPath(site.id), { spaceId: space.id }), 404);
    expectError(await other.api.post(`/v1/orgs/${other.id}/sites/${site.id}/site-spaces`, { spaceId: space.id }), 404);
  });
});

describe('GET /v1/orgs/{org}/sites/{siteId}/site-spaces', () => {
  it('lists in site order for any member, filters on default, paginates; 404 for a non-member', async () => {
    const site = await createSite();
    const home = await createSection(site.id, 'Home');
    const guides = await createSection(site.id, 'Guides');
    const homeV2 = await addSiteSpace(site.id, { spaceId: (await createSpace('Home v2')).id, sectionId: home.id });
    const guidesV2 = await addSiteSpace(site.id, { spaceId: (await createSpace('Guides v2')).id, sectionId: guides.id });
    const order = [home.siteSpaces[0].id, homeV2.id, guides.siteSpaces[0].id, guidesV2.id];

    const all = await listSiteSpaces(site.id, '', reader);
    expect(all.count).toBe(4);
    expect(all.items.map((s: { id: string }) => s.id)).toEqual(order);
    const defaults = await listSiteSpaces(site.id, '?default=true');
    expect(defaults.items.map((s: { id: string }) => s.id)).toEqual([order[0], order[2]]);
    const others = await listSiteSpaces(site.id, '?default=false');
    expect(others.items.map((s: { id: string }) => s.id)).toEqual([order[1], order[3]]);

    const first = await listSiteSpaces(site.id, '?limit=3');
    expect(first.items).toHaveLength(3);
    const second = await listSiteSpaces(site.id, `?limit=3&page=${encodeURIComponent(first.next.page)}`);
    expect([...first.items, ...second.items].map((s: { id: string }) => s.id)).toEqual(order);

    expectError(await org.api.get(`${siteSpacesPath(site.id)}?default=yes`), 400, /"default"/);
    expectError(await outsider.get(siteSpacesPath(site.id)), 404);
    expectError(await org.api.get(siteSpacesPath('noSuchSite0000000000')), 404);
  });

  it('leaves out a site space whose space is deleted in content, and shows it again once restored', async () => {
    const { site, siteSpaces } = await siteWithSpaces('Kept', 'Deleted');
    const deletedSpace = siteSpaces[1].space.id;
    expect((await org.api.delete(`/v1/spaces/${deletedSpace}`)).status).toBe(205);
    expect(await pathsOf(site.id)).toEqual(['kept']);
    expect((await org.api.post(`/v1/spaces/${deletedSpace}/restore`)).status).toBe(200);
    // Back once the sites service has the restore event (content.events), which may take a moment.
    await eventually(async () => (await pathsOf(site.id)).length === 2);
    expect(await pathsOf(site.id)).toEqual(['kept', 'deleted']);
  });

  it('gives published URLs once the site is published: the default at the site address, the others under their path', async () => {
    const { site } = await siteWithSpaces('Main', 'Extra');
    expect((await listSiteSpaces(site.id)).items[1].urls.published).toBeUndefined();
    const published = await org.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`);
    const siteUrl: string = published.body.urls.published;
    const { items } = await listSiteSpaces(site.id);
    expect(items.map((s: { urls: { published: string } }) => s.urls.published)).toEqual([siteUrl, `${siteUrl}extra`]);
  });
});

describe('PATCH /v1/orgs/{org}/sites/{siteId}/site-spaces/{siteSpaceId}', () => {
  it('changes the path and the condition (omitted: unchanged, null: removed)', async () => {
    const { site, siteSpaces } = await siteWithSpaces('Main', 'Beta');
    const path = `${siteSpacesPath(site.id)}/${siteSpaces[1].id}`;
    const res = await org.api.patch(path, { path: 'beta-docs', condition: 'visitor.claims.beta == true' });
    expect(res.status).toBe(200);
    expectOperationResponse('updateSiteSpaceById', 200, res.body);
    expect(res.body).toMatchObject({ path: 'beta-docs', condition: 'visitor.claims.beta == true' });
    const unchanged = await org.api.patch(path, { path: 'beta' });
    expect(unchanged.body).toMatchObject({ path: 'beta', condition: 'visitor.claims.beta == true' });
    const removed = await org.api.patch(path, { condition: null });
    expectOperationResponse('updateSiteSpaceById', 200, removed.body);
    expect(removed.body.condition).toBeUndefined();
    const longest = await org.api.patch(path, { path: 'p'.repeat(100), condition: 'c'.repeat(1024) });
    expect(longest.status).toBe(200);
  });

  it.each([
    ['path', 'empty', { path: '' }],
    ['path', 'of 101 characters', { path: 'p'.repeat(101) }],
    ['path', 'not a URL segment', { path: 'a/b' }],
    ['condition', 'empty', { condition: '' }],
    ['condition', 'of 1025 characters', { condition: 'c'.repeat(1025) }],
    ['body', 'with an unknown field', { default: true }],
  ])('answers 400 naming "%s" when it is %s', async (field, _what, body) => {
    const { site, siteSpaces } = await siteWithSpaces('Limits');
    expectError(await org.api.patch(`${siteSpacesPath(site.id)}/${siteSpaces[0].id}`, body), 400, new RegExp(`"${field}"`));
  });

  it('answers 409 for the path of a sibling, 404 for an unknown site space, 403 to readers and 404 to non-members', async () => {
    const { site, siteSpaces } = await siteWithSpaces('One', 'Two');
    const path = `${siteSpacesPath(site.id)}/${siteSpaces[1].id}`;
    expectError(await org.api.patch(path, { path: 'one' }), 409, /"path"/);
    expectError(await org.api.patch(`${siteSpacesPath(site.id)}/noSuchSiteSpace00000`, { path: 'x' }), 404);
    expectError(await reader.patch(path, { path: 'x' }), 403);
    expectError(await editor.patch(path, { path: 'x' }), 403);
    expectError(await outsider.patch(path, { path: 'x' }), 404);
  });
});

describe('DELETE /v1/orgs/{org}/sites/{siteId}/site-spaces/{siteSpaceId}', () => {
  it('deletes with 205 (204 when already gone) and promotes the first remaining one to default', async () => {
    const { site, siteSpaces } = await siteWithSpaces('One', 'Two', 'Three');
    const path = `${siteSpacesPath(site.id)}/${siteSpaces[0].id}`;
    expectError(await reader.delete(path), 403);
    expectError(await outsider.delete(path), 404);
    const res = await org.api.delete(path);
    expect(res.status).toBe(205);
    expectOperationResponse('deleteSiteSpaceById', 205, res.text);
    const again = await org.api.delete(path);
    expect(again.status).toBe(204);
    expectOperationResponse('deleteSiteSpaceById', 204, again.text);
    const { items } = await listSiteSpaces(site.id);
    expect(items.map((s: { path: string; default: boolean }) => [s.path, s.default])).toEqual([
      ['two', true],
      ['three', false],
    ]);
  });
});

describe('POST /v1/orgs/{org}/sites/{siteId}/site-spaces/{siteSpaceId}/move', () => {
  it('moves among the site spaces of its parent, keeping the order over several moves', async () => {
    const { site, siteSpaces } = await siteWithSpaces('Aa', 'Bb', 'Cc', 'Dd');
    const [a, b, c, d] = siteSpaces.map((s) => s.id as string);
    const pointer = (id: string) => ({ type: 'site-space', siteSpace: id });
    const move = async (id: string, body: Record<string, unknown>) => {
      const res = await org.api.post(`${siteSpacesPath(site.id)}/${id}/move`, body);
      expect(res.status).toBe(200);
      expectOperationResponse('moveSiteSpace', 200, res.body);
    };
    await move(d as string, { position: { before: pointer(b as string) } });
    expect(await pathsOf(site.id)).toEqual(['aa', 'dd', 'bb', 'cc']);
    await move(a as string, { position: { after: pointer(c as string) } });
    expect(await pathsOf(site.id)).toEqual(['dd', 'bb', 'cc', 'aa']);
    await move(d as string, {});
    expect(await pathsOf(site.id)).toEqual(['bb', 'cc', 'aa', 'dd']);
    await move(c as string, { position: { after: pointer(a as string), before: pointer(d as string) } });
    expect(await pathsOf(site.id)).toEqual(['bb', 'aa', 'cc', 'dd']);
    // The default stays the default wherever it is.
    expect((await listSiteSpaces(site.id, '?default=true')).items.map((s: { path: string }) => s.path)).toEqual(['aa']);

    expectError(
      await org.api.post(`${siteSpacesPath(site.id)}/${a}/move`, { position: { before: pointer('noSuchSiteSpace00000') } }),
      400,
      /"position\.before"/,
    );
    expectError(
      await org.api.post(`${siteSpacesPath(site.id)}/${a}/move`, { position: { after: pointer(d as string), before: pointer(b as string) } }),
      400,
      /"position"/,
    );
    expectError(
      await org.api.post(`${siteSpacesPath(site.id)}/${a}/move`, { position: { before: { type: 'site-section', siteSection: b } } }),
      400,
      /"position\.before/,
    );
    expectError(await reader.post(`${siteSpacesPath(site.id)}/${a}/move`, {}), 403);
    expectError(await outsider.post(`${siteSpacesPath(site.id)}/${a}/move`, {}), 404);
    expectError(await org.api.post(`${siteSpacesPath(site.id)}/noSuchSiteSpace00000/move`, {}), 404);
  });

  it('does not move a site space next to one of another section', async () => {
    const site = await createSite();
    const one = await createSection(site.id, 'One');
    const two = await createSection(site.id, 'Two');
    const res = await org.api.post(`${siteSpacesPath(site.id)}/${one.siteSpaces[0].id}/move`, {
      position: { before: { type: 'site-space', siteSpace: two.siteSpaces[0].id } },
    });
    expectError(res, 400, /"position\.before"/);
  });
});
