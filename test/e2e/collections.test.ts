import { apiClient, expectError, type ApiClient } from '../support/api';
import { buildMember, buildOrganization, buildUser, cli, type TestUser } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Collections: create/list, get/patch/delete, their spaces, move and transfer, with the
// authorization rules and the limits of spec §8 (title 50, description 100).

const stack = currentStack();

interface Org {
  id: string;
  admin: TestUser;
  api: ApiClient;
}

async function newOrganization(title = 'Collections org'): Promise<Org> {
  const org = await buildOrganization(stack, title);
  return { ...org, api: apiClient(stack, org.admin.token) };
}

let org: Org;
let reader: ApiClient;
let creator: ApiClient;
let outsider: ApiClient;

beforeAll(async () => {
  org = await newOrganization();
  const [r, c, o] = await Promise.all([buildMember(stack, org.id, 'read'), buildMember(stack, org.id, 'create'), buildUser(stack, 'outsider')]);
  reader = apiClient(stack, r.token);
  creator = apiClient(stack, c.token);
  outsider = apiClient(stack, o.token);
});

async function createCollection(body: Record<string, unknown>, own: Org = org, api: ApiClient = own.api) {
  const res = await api.post(`/v1/orgs/${own.id}/collections`, body);
  expect(res.status).toBe(201);
  expectOperationResponse('createCollection', 201, res.body);
  return res.body;
}

async function createSpace(own: Org, body: Record<string, unknown>) {
  const res = await own.api.post(`/v1/orgs/${own.id}/spaces`, body);
  expect(res.status).toBe(201);
  return res.body;
}

async function listedCollectionIds(own: Org, query = ''): Promise<string[]> {
  const res = await own.api.get(`/v1/orgs/${own.id}/collections${query}`);
  expect(res.status).toBe(200);
  expectOperationResponse('listCollectionsInOrganizationById', 200, res.body);
  return res.body.items.map((c: { id: string }) => c.id);
}

async function spacesIn(own: Org, collectionId: string): Promise<string[]> {
  const res = await own.api.get(`/v1/collections/${collectionId}/spaces`);
  expect(res.status).toBe(200);
  expectOperationResponse('listSpacesInCollectionById', 200, res.body);
  return res.body.items.map((s: { id: string }) => s.id);
}

describe('POST and GET /v1/orgs/{org}/collections', () => {
  it('creates top-level and nested collections, and lists them nested (default) or top-level only', async () => {
    const own = await newOrganization();
    const guides = await createCollection({ title: 'Guides' }, own);
    const res = await own.api.post(`/v1/orgs/${own.id}/collections`, { title: 'Advanced', parent: guides.id });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    const advanced = res.body;
    const reference = await createCollection({ title: 'Reference' }, own);
    expect(advanced).toMatchObject({ object: 'collection', title: 'Advanced', parent: guides.id, organization: own.id, defaultLevel: 'inherit' });
    expect(advanced.permissions).toEqual({ view: true, admin: true, viewInviteLinks: false, create: true });
    expect(guides.parent).toBeUndefined();

    expect(await listedCollectionIds(own)).toEqual([guides.id, advanced.id, reference.id]);
    expect(await listedCollectionIds(own, '?nested=true')).toEqual([guides.id, advanced.id, reference.id]);
    expect(await listedCollectionIds(own, '?nested=false')).toEqual([guides.id, reference.id]);
    expectError(await own.api.get(`/v1/orgs/${own.id}/collections?nested=maybe`), 400, /"nested"/);

    const page = await own.api.get(`/v1/orgs/${own.id}/collections?limit=2`);
    expect(page.body.count).toBe(3);
    const next = await own.api.get(`/v1/orgs/${own.id}/collections?limit=2&page=${encodeURIComponent(page.body.next.page)}`);
    expectOperationResponse('listCollectionsInOrganizationById', 200, next.body);
    expect(next.body.items.map((c: { id: string }) => c.id)).toEqual([reference.id]);
  });

  it('creates an untitled collection from an empty body', async () => {
    const res = await org.api.post(`/v1/orgs/${org.id}/collections`);
    expect(res.status).toBe(201);
    expectOperationResponse('createCollection', 201, res.body);
    expect(res.body.title).toBe('');
  });

  it.each([
    ['title', { title: 'x'.repeat(51) }],
    ['title', { title: 42 }],
    ['parent', { parent: 'noSuchCollection0000' }],
    ['body', { description: 'not in the create body' }],
  ])('answers 400 naming "%s" for %j', async (field, body) => {
    expectError(await org.api.post(`/v1/orgs/${org.id}/collections`, body), 400, new RegExp(`"${field}"`));
  });

  it('needs the create role to create; any member lists; a non-member gets 404', async () => {
    const made = await createCollection({ title: 'By a creator' }, org, creator);
    expect(made.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: true });
    expectError(await reader.post(`/v1/orgs/${org.id}/collections`, { title: 'No' }), 403);
    expectError(await outsider.post(`/v1/orgs/${org.id}/collections`, { title: 'No' }), 404);
    const listed = await reader.get(`/v1/orgs/${org.id}/collections`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.find((c: { id: string }) => c.id === made.id).permissions).toMatchObject({ view: true, admin: false, create: false });
    expectError(await outsider.get(`/v1/orgs/${org.id}/collections`), 404);
  });
});

describe('GET, PATCH and DELETE /v1/collections/{id}', () => {
  it('answers members and 404 to a non-member or for an unknown collection', async () => {
    const collection = await createCollection({ title: 'Visible' });
    const res = await reader.get(`/v1/collections/${collection.id}`);
    expect(res.status).toBe(200);
    expectOperationResponse('getCollectionById', 200, res.body);
    expectError(await outsider.get(`/v1/collections/${collection.id}`), 404);
    expectError(await org.api.get('/v1/collections/noSuchCollection0000'), 404);
  });

  it('changes title, description and defaultLevel as an admin; 403 below admin', async () => {
    const collection = await createCollection({ title: 'Old' });
    const res = await org.api.patch(`/v1/collections/${collection.id}`, { title: 'New', description: 'd'.repeat(100), defaultLevel: 'comment' });
    expect(res.status).toBe(200);
    expectOperationResponse('updateCollectionById', 200, res.body);
    expect(res.body).toMatchObject({ title: 'New', description: 'd'.repeat(100), defaultLevel: 'comment' });
    // Capped at comment now, a create member may no longer create inside it.
    const capped = await creator.get(`/v1/collections/${collection.id}`);
    expect(capped.body.permissions).toMatchObject({ view: true, create: false });
    expectError(await creator.post(`/v1/orgs/${org.id}/spaces`, { parent: collection.id }), 403);
    expectError(await creator.patch(`/v1/collections/${collection.id}`, { title: 'Mine' }), 403);
    expectError(await reader.patch(`/v1/collections/${collection.id}`, { title: 'Mine' }), 403);
    expectError(await outsider.patch(`/v1/collections/${collection.id}`, { title: 'Mine' }), 404);
  });

  it.each([
    ['title', { title: 'x'.repeat(51) }],
    ['description', { description: 'x'.repeat(101) }],
    ['defaultLevel', { defaultLevel: 'superuser' }],
    ['body', { parent: null }],
  ])('answers 400 naming "%s" for %j', async (field, body) => {
    const collection = await createCollection({ title: 'Limits' });
    expectError(await org.api.patch(`/v1/collections/${collection.id}`, body), 400, new RegExp(`"${field}"`));
  });

  it('deletes with its sub-collections; its spaces are deleted (restorable at the top level)', async () => {
    const own = await newOrganization();
    const top = await createCollection({ title: 'Top' }, own);
    const sub = await createCollection({ title: 'Sub', parent: top.id }, own);
    const inTop = await createSpace(own, { title: 'In top', parent: top.id, visibility: 'in-collection' });
    const inSub = await createSpace(own, { title: 'In sub', parent: sub.id });
    expectError(await outsider.delete(`/v1/collections/${top.id}`), 404);

    const res = await own.api.delete(`/v1/collections/${top.id}`);
    expect(res.status).toBe(205);
    expectOperationResponse('deleteCollectionById', 205, res.text);
    expectError(await own.api.get(`/v1/collections/${top.id}`), 404);
    expectError(await own.api.get(`/v1/collections/${sub.id}`), 404);
    expectError(await own.api.delete(`/v1/collections/${top.id}`), 404);
    expect(await listedCollectionIds(own)).toEqual([]);
    const spaces = await own.api.get(`/v1/orgs/${own.id}/spaces`);
    expect(spaces.body.items).toEqual([]);

    const deleted = await own.api.get(`/v1/spaces/${inSub.id}`);
    expect(typeof deleted.body.deletedAt).toBe('string');
    const restored = await own.api.post(`/v1/spaces/${inTop.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.parent).toBeUndefined();
    expect(restored.body.visibility).toBe('private');
  });

  it('answers 403 to a member below admin on delete', async () => {
    const collection = await createCollection({ title: 'Keep' });
    expectError(await creator.delete(`/v1/collections/${collection.id}`), 403);
    expectError(await reader.delete(`/v1/collections/${collection.id}`), 403);
  });
});

describe('GET /v1/collections/{id}/spaces', () => {
  it('lists the spaces directly in the collection, in order and paginated, without deleted ones', async () => {
    const own = await newOrganization();
    const box = await createCollection({ title: 'Box' }, own);
    const inner = await createCollection({ title: 'Inner', parent: box.id }, own);
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three']) ids.push((await createSpace(own, { title, parent: box.id })).id);
    await createSpace(own, { title: 'Deeper', parent: inner.id });
    await createSpace(own, { title: 'Outside' });
    expect(await spacesIn(own, box.id)).toEqual(ids);

    await own.api.post(`/v1/spaces/${ids[2]}/move`, { position: { before: { type: 'space', space: ids[0] } } });
    expect(await spacesIn(own, box.id)).toEqual([ids[2], ids[0], ids[1]]);
    const first = await own.api.get(`/v1/collections/${box.id}/spaces?limit=1`);
    expect(first.body.count).toBe(3);
    expect(first.body.next.page).toEqual(expect.any(String));

    await own.api.delete(`/v1/spaces/${ids[0]}`);
    expect(await spacesIn(own, box.id)).toEqual([ids[2], ids[1]]);
    expectError(await outsider.get(`/v1/collections/${box.id}/spaces`), 404);
    expectError(await own.api.get(`/v1/collections/${box.id}/spaces?limit=1001`), 400, /"limit"/);
  });
});

describe('POST /v1/collections/{id}/move', () => {
  it('keeps the order given by several moves, among collections and spaces', async () => {
    const own = await newOrganization();
    const a = await createCollection({ title: 'A' }, own);
    const b = await createCollection({ title: 'B' }, own);
    const c = await createCollection({ title: 'C' }, own);
    const space = await createSpace(own, { title: 'Loose' });
    const move = async (id: string, body: Record<string, unknown>) => {
      const res = await own.api.post(`/v1/collections/${id}/move`, body);
      expect(res.status).toBe(200);
      expectOperationResponse('moveCollection', 200, res.body);
      return res.body;
    };
    await move(c.id, { position: { before: { type: 'collection', collection: a.id } } });
    expect(await listedCollectionIds(own)).toEqual([c.id, a.id, b.id]);
    await move(a.id, { position: { after: { type: 'collection', collection: b.id } } });
    expect(await listedCollectionIds(own)).toEqual([c.id, b.id, a.id]);
    await move(c.id, { parent: null });
    expect(await listedCollectionIds(own)).toEqual([b.id, a.id, c.id]);
    // Collections and spaces share one order (B, A, Loose, C now): a collection can be put
    // relative to a space.
    await move(c.id, { position: { before: { type: 'space', space: space.id } } });
    expect(await listedCollectionIds(own)).toEqual([b.id, a.id, c.id]);
    await move(b.id, { position: { after: { type: 'space', space: space.id } } });
    expect(await listedCollectionIds(own)).toEqual([a.id, c.id, b.id]);

    const nested = await move(a.id, { parent: c.id });
    expect(nested.parent).toBe(c.id);
    expect(await listedCollectionIds(own)).toEqual([c.id, a.id, b.id]);
    expect(await listedCollectionIds(own, '?nested=false')).toEqual([c.id, b.id]);
  });

  it('refuses a move into itself or a descendant, bad positions, and callers below admin', async () => {
    const own = await newOrganization();
    const parent = await createCollection({ title: 'Parent' }, own);
    const child = await createCollection({ title: 'Child', parent: parent.id }, own);
    const grandchild = await createCollection({ title: 'Grandchild', parent: child.id }, own);
    expectError(await own.api.post(`/v1/collections/${parent.id}/move`, { parent: parent.id }), 400, /"parent"/);
    expectError(await own.api.post(`/v1/collections/${parent.id}/move`, { parent: grandchild.id }), 400, /"parent"/);
    expectError(await own.api.post(`/v1/collections/${parent.id}/move`, {}), 400, /"parent"/);
    expectError(
      await own.api.post(`/v1/collections/${parent.id}/move`, { position: { before: { type: 'collection', collection: child.id } } }),
      400,
      /"position.before"/,
    );
    expectError(await own.api.post(`/v1/collections/${parent.id}/move`, { parent: 'noSuchCollection0000' }), 400, /"parent"/);

    const member = apiClient(stack, (await buildMember(stack, own.id, 'create')).token);
    expectError(await member.post(`/v1/collections/${child.id}/move`, { parent: null }), 403);
    expectError(await outsider.post(`/v1/collections/${child.id}/move`, { parent: null }), 404);
  });
});

describe('POST /v1/collections/{id}/transfer', () => {
  it('transfers with its sub-collections and spaces to an organization the caller administers', async () => {
    const own = await newOrganization();
    const target = await cli(stack, 'orgs', 'create', '--title', 'Collection target', '--owner', own.admin.email);
    const editsThere = await buildOrganization(stack, 'Caller edits there');
    await cli(stack, 'members', 'add', '--org', editsThere.id, '--email', own.admin.email, '--role', 'edit');
    const stranger = await buildOrganization(stack, 'Caller is a stranger there');

    const top = await createCollection({ title: 'Moving' }, own);
    const sub = await createCollection({ title: 'Moving sub', parent: top.id }, own);
    const space = await createSpace(own, { title: 'Moving space', parent: sub.id });

    expectError(await own.api.post(`/v1/collections/${top.id}/transfer`, {}), 400, /"organization"/);
    expectError(await own.api.post(`/v1/collections/${top.id}/transfer`, { organization: own.id }), 409);
    expectError(await own.api.post(`/v1/collections/${top.id}/transfer`, { organization: editsThere.id }), 403);
    expectError(await own.api.post(`/v1/collections/${top.id}/transfer`, { organization: stranger.id }), 404);
    expectError(await reader.post(`/v1/collections/${top.id}/transfer`, { organization: target }), 404);

    const res = await own.api.post(`/v1/collections/${top.id}/transfer`, { organization: target });
    expect(res.status).toBe(200);
    expectOperationResponse('transferCollection', 200, res.body);
    expect(res.body).toMatchObject({ id: top.id, organization: target });
    expect(res.body.parent).toBeUndefined();

    const targetOrg = { id: target, admin: own.admin, api: own.api };
    expect(await listedCollectionIds(targetOrg)).toEqual([top.id, sub.id]);
    expect(await listedCollectionIds(own)).toEqual([]);
    const movedSpace = await own.api.get(`/v1/spaces/${space.id}`);
    expect(movedSpace.body).toMatchObject({ organization: target, parent: sub.id, revision: space.revision });
    expect(await spacesIn(targetOrg, sub.id)).toEqual([space.id]);
  });

  it('answers 403 to a read member of the collection', async () => {
    const collection = await createCollection({ title: 'Not yours' });
    expectError(await reader.post(`/v1/collections/${collection.id}/transfer`, { organization: org.id }), 403);
  });
});
