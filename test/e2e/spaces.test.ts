import { apiClient, expectError, type ApiClient } from '../support/api';
import { buildMember, buildOrganization, buildUser, cli, type TestUser } from '../support/factories';
import { expectOperationResponse, expectSchema } from '../support/reference';
import { currentStack } from '../support/stack';

// Spaces: create/list companions, get/patch/delete, restore, duplicate, move, transfer, with the
// authorization rules (non-member 404, read member 403 on writes, any member lists) and the
// limits of spec §8. The 7-day edge of restore is covered on an injectable clock in
// services/content/test/space-retention.test.ts.

const stack = currentStack();

interface Org {
  id: string;
  admin: TestUser;
  api: ApiClient;
}

async function newOrganization(title = 'Spaces org'): Promise<Org> {
  const org = await buildOrganization(stack, title);
  return { ...org, api: apiClient(stack, org.admin.token) };
}

let org: Org;
let reader: ApiClient;
let editor: ApiClient;
let creator: ApiClient;
let outsider: ApiClient;

beforeAll(async () => {
  org = await newOrganization();
  const [r, e, c, o] = await Promise.all([
    buildMember(stack, org.id, 'read'),
    buildMember(stack, org.id, 'edit'),
    buildMember(stack, org.id, 'create'),
    buildUser(stack, 'outsider'),
  ]);
  reader = apiClient(stack, r.token);
  editor = apiClient(stack, e.token);
  creator = apiClient(stack, c.token);
  outsider = apiClient(stack, o.token);
});

async function createSpace(body: Record<string, unknown> = {}, api: ApiClient = org.api, orgId = org.id) {
  const res = await api.post(`/v1/orgs/${orgId}/spaces`, body);
  expect(res.status).toBe(201);
  expectOperationResponse('createSpace', 201, res.body);
  return res.body;
}

async function createCollection(title: string, parent?: string) {
  const res = await org.api.post(`/v1/orgs/${org.id}/collections`, { title, ...(parent ? { parent } : {}) });
  expect(res.status).toBe(201);
  return res.body;
}

/** The ids of an organization's listed spaces, in order. */
async function listedSpaceIds(orgId = org.id, api: ApiClient = org.api): Promise<string[]> {
  const res = await api.get(`/v1/orgs/${orgId}/spaces`);
  expect(res.status).toBe(200);
  expectOperationResponse('listSpacesInOrganizationById', 200, res.body);
  return res.body.items.map((s: { id: string }) => s.id);
}

describe('POST /v1/orgs/{org}/spaces', () => {
  it('creates a space with every field, an empty first revision and zero counts', async () => {
    const collection = await createCollection('Guides');
    const res = await org.api.post(`/v1/orgs/${org.id}/spaces`, {
      title: 'Handbook',
      emoji: '📘',
      parent: collection.id,
      visibility: 'in-collection',
      defaultLevel: 'edit',
      editMode: 'locked',
    });
    expect(res.status).toBe(201);
    expectOperationResponse('createSpace', 201, res.body);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({
      object: 'space',
      title: 'Handbook',
      emoji: '📘',
      parent: collection.id,
      organization: org.id,
      visibility: 'in-collection',
      defaultLevel: 'edit',
      editMode: 'locked',
      mergeRules: { type: 'inherit' },
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      permissions: { view: true, admin: true, edit: false, merge: false },
    });
    expect(typeof res.body.revision).toBe('string');
    expect(res.body.revision.length).toBeGreaterThan(0);
    expect(res.body.urls.location).toMatch(new RegExp(`/v1/spaces/${res.body.id}$`));
    expect(res.body.urls.published).toBeDefined();
    expect(res.body.urls.public).toBeUndefined();
    expect(res.body.deletedAt).toBeUndefined();
  });

  it('defaults to an untitled private live space that inherits the organization role', async () => {
    const space = await createSpace();
    expect(space).toMatchObject({ title: '', emoji: '', visibility: 'private', defaultLevel: 'inherit', editMode: 'live' });
    expect(space.parent).toBeUndefined();
    expect(space.urls.published).toBeUndefined();
  });

  it.each([
    ['title', { title: 'x'.repeat(51) }],
    // Lengths count code points: 51 emoji are over the limit of 50, 26 are not.
    ['emoji', { emoji: '🎉'.repeat(51) }],
    ['emoji', { emoji: 'not an emoji' }],
    ['visibility', { visibility: 'everyone' }],
    ['visibility', { visibility: 'in-collection' }],
    ['defaultLevel', { defaultLevel: 'owner' }],
    ['editMode', { editMode: 'frozen' }],
    ['parent', { parent: 'noSuchCollection0000' }],
    ['body', { color: 'red' }],
  ])('answers 400 naming "%s" for %j', async (field, body) => {
    expectError(await org.api.post(`/v1/orgs/${org.id}/spaces`, body), 400, new RegExp(`"${field}"`));
  });

  it('accepts a title of 50 characters and an emoji given as code points', async () => {
    const space = await createSpace({ title: 't'.repeat(50), emoji: '1f389' });
    expect(space).toMatchObject({ title: 't'.repeat(50), emoji: '1f389' });
  });

  it('needs the create role: 201 for create, 403 for edit and read, 404 for a non-member', async () => {
    const created = await createSpace({ title: 'By a creator' }, creator);
    expect(created.permissions).toMatchObject({ admin: false, edit: true });
    expectError(await editor.post(`/v1/orgs/${org.id}/spaces`, { title: 'No' }), 403);
    expectError(await reader.post(`/v1/orgs/${org.id}/spaces`, { title: 'No' }), 403);
    expectError(await outsider.post(`/v1/orgs/${org.id}/spaces`, { title: 'No' }), 404);
  });
});

describe('GET /v1/orgs/{org}/spaces', () => {
  it('lists in order for any member, paginates, and answers 404 to a non-member', async () => {
    const own = await newOrganization();
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three']) ids.push((await createSpace({ title }, own.api, own.id)).id);
    expect(await listedSpaceIds(own.id, own.api)).toEqual(ids);

    const first = await own.api.get(`/v1/orgs/${own.id}/spaces?limit=2`);
    expectOperationResponse('listSpacesInOrganizationById', 200, first.body);
    expect(first.body.count).toBe(3);
    const second = await own.api.get(`/v1/orgs/${own.id}/spaces?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
    expect([...first.body.items, ...second.body.items].map((s: { id: string }) => s.id)).toEqual(ids);
    expect(second.body.next).toBeUndefined();

    const member = apiClient(stack, (await buildMember(stack, own.id, 'read')).token);
    const listed = await member.get(`/v1/orgs/${own.id}/spaces`);
    expect(listed.status).toBe(200);
    expect(listed.body.items[0].permissions).toMatchObject({ view: true, edit: false, admin: false });
    expectError(await outsider.get(`/v1/orgs/${own.id}/spaces`), 404);
    expectError(await own.api.get(`/v1/orgs/${own.id}/spaces?limit=1001`), 400, /"limit"/);
  });
});

describe('GET and PATCH /v1/spaces/{id}', () => {
  it('answers members (shareKey accepted), 404 to a non-member and for an unknown space', async () => {
    const space = await createSpace({ title: 'Readable' });
    const res = await reader.get(`/v1/spaces/${space.id}?shareKey=anything`);
    expect(res.status).toBe(200);
    expectOperationResponse('getSpaceById', 200, res.body);
    expect(res.body.permissions).toEqual({
      view: true,
      access: true,
      admin: false,
      viewInviteLinks: false,
      edit: false,
      triggerGitSync: false,
      comment: false,
      merge: false,
      review: false,
      installIntegration: false,
    });
    const missing = await outsider.get('/v1/spaces/noSuchSpace000000000');
    const hidden = await outsider.get(`/v1/spaces/${space.id}`);
    expectError(missing, 404);
    expectError(hidden, 404);
    expect(hidden.body.error.message.replace(space.id, 'X')).toBe(missing.body.error.message.replace('noSuchSpace000000000', 'X'));
  });

  it('lets an edit member change title, emoji and edit mode, but only an admin the levels and visibility', async () => {
    const space = await createSpace({ title: 'Before' });
    const edited = await editor.patch(`/v1/spaces/${space.id}`, { title: 'After', emoji: '🚀', editMode: 'locked' });
    expect(edited.status).toBe(200);
    expectOperationResponse('updateSpaceById', 200, edited.body);
    expect(edited.body).toMatchObject({ title: 'After', emoji: '🚀', editMode: 'locked', permissions: { edit: false } });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(space.updatedAt));

    expectError(await editor.patch(`/v1/spaces/${space.id}`, { defaultLevel: 'read' }), 403);
    expectError(await editor.patch(`/v1/spaces/${space.id}`, { visibility: 'public' }), 403);
    expectError(await reader.patch(`/v1/spaces/${space.id}`, { title: 'Reader' }), 403);
    expectError(await outsider.patch(`/v1/spaces/${space.id}`, { title: 'Outsider' }), 404);

    const configured = await org.api.patch(`/v1/spaces/${space.id}`, { defaultLevel: 'read', visibility: 'public', editMode: 'live' });
    expect(configured.status).toBe(200);
    expectOperationResponse('updateSpaceById', 200, configured.body);
    expect(configured.body).toMatchObject({ defaultLevel: 'read', visibility: 'public' });
    expect(configured.body.urls.public).toBeDefined();

    // defaultLevel caps the edit member at read now.
    const capped = await editor.get(`/v1/spaces/${space.id}`);
    expect(capped.body.permissions).toMatchObject({ view: true, edit: false });
    expectError(await editor.patch(`/v1/spaces/${space.id}`, { title: 'Capped' }), 403);
  });

  it('swaps emoji and icon, and removes them with null', async () => {
    const space = await createSpace({ emoji: '🎉' });
    const icon = await org.api.patch(`/v1/spaces/${space.id}`, { icon: 'https://example.com/icon.png' });
    expect(icon.status).toBe(200);
    expectOperationResponse('updateSpaceById', 200, icon.body);
    expect(icon.body).toMatchObject({ emoji: '', urls: { icon: 'https://example.com/icon.png' } });
    const emoji = await org.api.patch(`/v1/spaces/${space.id}`, { emoji: '👍🏽' });
    expect(emoji.body.emoji).toBe('👍🏽');
    expect(emoji.body.urls.icon).toBeUndefined();
    const removed = await org.api.patch(`/v1/spaces/${space.id}`, { emoji: null, icon: null });
    expect(removed.body.emoji).toBe('');
    expectError(await org.api.patch(`/v1/spaces/${space.id}`, { emoji: '🎉', icon: 'https://example.com/i.png' }), 400, /"icon"/);
  });

  it.each([
    ['title', { title: 'x'.repeat(51) }],
    ['emoji', { emoji: 'e'.repeat(51) }],
    ['icon', { icon: 'ftp://example.com/icon.png' }],
    ['editMode', { editMode: 'open' }],
    ['defaultLevel', { defaultLevel: 'guest' }],
    ['visibility', { visibility: 'in-collection' }],
    ['mergeRules', { mergeRules: { type: 'sometimes' } }],
  ])('answers 400 naming "%s" for %j', async (field, body) => {
    const space = await createSpace();
    expectError(await org.api.patch(`/v1/spaces/${space.id}`, body), 400, new RegExp(`"${field}"`));
  });
});

describe('DELETE and restore', () => {
  it('deletes (hidden from lists), restores, deletes again', async () => {
    const space = await createSpace({ title: 'Cycle' });
    expectError(await reader.delete(`/v1/spaces/${space.id}`), 403);
    expectError(await editor.delete(`/v1/spaces/${space.id}`), 403);
    expectError(await outsider.delete(`/v1/spaces/${space.id}`), 404);

    const deleted = await org.api.delete(`/v1/spaces/${space.id}`);
    expect(deleted.status).toBe(205);
    expectOperationResponse('deleteSpaceById', 205, deleted.text);
    expect(await listedSpaceIds()).not.toContain(space.id);
    const shown = await org.api.get(`/v1/spaces/${space.id}`);
    expect(shown.status).toBe(200);
    expectOperationResponse('getSpaceById', 200, shown.body);
    expect(typeof shown.body.deletedAt).toBe('string');
    const again = await org.api.delete(`/v1/spaces/${space.id}`);
    expect(again.status).toBe(204);
    expectOperationResponse('deleteSpaceById', 204, again.text);
    expectError(await org.api.patch(`/v1/spaces/${space.id}`, { title: 'Ghost' }), 409, /restore/);

    expectError(await reader.post(`/v1/spaces/${space.id}/restore`), 403);
    const restored = await org.api.post(`/v1/spaces/${space.id}/restore`);
    expect(restored.status).toBe(200);
    expectOperationResponse('restoreSpace', 200, restored.body);
    expect(restored.body.deletedAt).toBeUndefined();
    expect(await listedSpaceIds()).toContain(space.id);
    expectError(await org.api.post(`/v1/spaces/${space.id}/restore`), 409, /not deleted/);

    expect((await org.api.delete(`/v1/spaces/${space.id}`)).status).toBe(205);
    expect(await listedSpaceIds()).not.toContain(space.id);
    expectError(await org.api.post('/v1/spaces/noSuchSpace000000000/restore'), 404);
  });
});

describe('POST /v1/spaces/{id}/duplicate', () => {
  it('creates a copy right after the original, with its settings and a new revision', async () => {
    const own = await newOrganization();
    const a = await createSpace({ title: 'Original', emoji: '📗', visibility: 'unlisted' }, own.api, own.id);
    const b = await createSpace({ title: 'Next' }, own.api, own.id);
    const res = await own.api.post(`/v1/spaces/${a.id}/duplicate`);
    expect(res.status).toBe(201);
    expectOperationResponse('duplicateSpace', 201, res.body);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({ title: 'Original', emoji: '📗', visibility: 'unlisted', organization: own.id });
    expect(res.body.id).not.toBe(a.id);
    expect(res.body.revision).not.toBe(a.revision);
    expect(await listedSpaceIds(own.id, own.api)).toEqual([a.id, res.body.id, b.id]);
  });

  it('needs the create role: 403 for a read member, 404 for a non-member', async () => {
    const space = await createSpace({ title: 'Source' });
    expectError(await reader.post(`/v1/spaces/${space.id}/duplicate`), 403);
    expectError(await outsider.post(`/v1/spaces/${space.id}/duplicate`), 404);
    const byCreator = await creator.post(`/v1/spaces/${space.id}/duplicate`);
    expect(byCreator.status).toBe(201);
  });
});

describe('POST /v1/spaces/{id}/move', () => {
  it('keeps the order given by several moves, and moves to the end without a position', async () => {
    const own = await newOrganization();
    const a = await createSpace({ title: 'A' }, own.api, own.id);
    const b = await createSpace({ title: 'B' }, own.api, own.id);
    const c = await createSpace({ title: 'C' }, own.api, own.id);
    const d = await createSpace({ title: 'D' }, own.api, own.id);
    const move = async (id: string, body: Record<string, unknown>) => {
      const res = await own.api.post(`/v1/spaces/${id}/move`, body);
      expect(res.status).toBe(200);
      expectOperationResponse('moveSpace', 200, res.body);
      return res.body;
    };
    await move(d.id, { position: { before: { type: 'space', space: a.id } } });
    expect(await listedSpaceIds(own.id, own.api)).toEqual([d.id, a.id, b.id, c.id]);
    await move(a.id, { position: { after: { type: 'space', space: c.id } } });
    expect(await listedSpaceIds(own.id, own.api)).toEqual([d.id, b.id, c.id, a.id]);
    await move(c.id, { position: { after: { type: 'space', space: d.id }, before: { type: 'space', space: b.id } } });
    expect(await listedSpaceIds(own.id, own.api)).toEqual([d.id, c.id, b.id, a.id]);
    await move(d.id, { parent: null });
    expect(await listedSpaceIds(own.id, own.api)).toEqual([c.id, b.id, a.id, d.id]);
    await move(a.id, { position: { before: { type: 'space', space: c.id } } });
    expect(await listedSpaceIds(own.id, own.api)).toEqual([a.id, c.id, b.id, d.id]);
  });

  it('moves into and out of a collection; out of it, in-collection visibility becomes private', async () => {
    const collection = await createCollection('Box');
    const space = await createSpace({ title: 'Boxed' });
    const inside = await org.api.post(`/v1/spaces/${space.id}/move`, { parent: collection.id });
    expect(inside.status).toBe(200);
    expect(inside.body.parent).toBe(collection.id);
    await org.api.patch(`/v1/spaces/${space.id}`, { visibility: 'in-collection' });
    const inCollection = await org.api.get(`/v1/collections/${collection.id}/spaces`);
    expect(inCollection.body.items.map((s: { id: string }) => s.id)).toEqual([space.id]);

    const outside = await org.api.post(`/v1/spaces/${space.id}/move`, { parent: null });
    expect(outside.status).toBe(200);
    expectOperationResponse('moveSpace', 200, outside.body);
    expect(outside.body.parent).toBeUndefined();
    expect(outside.body.visibility).toBe('private');
  });

  it('answers 400 naming the field, 403 to an edit or read member and 404 to a non-member', async () => {
    const space = await createSpace({ title: 'Stay' });
    const other = await createSpace({ title: 'Other' });
    expectError(await org.api.post(`/v1/spaces/${space.id}/move`, {}), 400, /"parent"/);
    expectError(await org.api.post(`/v1/spaces/${space.id}/move`, { parent: 'noSuchCollection0000' }), 400, /"parent"/);
    expectError(
      await org.api.post(`/v1/spaces/${space.id}/move`, { position: { before: { type: 'space', space: 'noSuchSpace000000000' } } }),
      400,
      /"position.before"/,
    );
    expectError(await org.api.post(`/v1/spaces/${space.id}/move`, { position: { after: { type: 'space', space: space.id } } }), 400, /"position.after"/);
    expectError(await org.api.post(`/v1/spaces/${space.id}/move`, { position: { before: { type: 'page', page: 'x' } } }), 400, /"position.before/);
    const twice = { type: 'space', space: other.id };
    expectError(await org.api.post(`/v1/spaces/${space.id}/move`, { position: { before: twice, after: twice } }), 400, /"position"/);
    expectError(await editor.post(`/v1/spaces/${space.id}/move`, { parent: null }), 403);
    expectError(await reader.post(`/v1/spaces/${space.id}/move`, { parent: null }), 403);
    expectError(await outsider.post(`/v1/spaces/${space.id}/move`, { parent: null }), 404);
  });
});

describe('POST /v1/spaces/{id}/transfer', () => {
  it('transfers to an organization the caller administers, and refuses others', async () => {
    const target = await cli(stack, 'orgs', 'create', '--title', 'Transfer target', '--owner', org.admin.email);
    const notAdmin = await buildOrganization(stack, 'Caller edits here');
    await cli(stack, 'members', 'add', '--org', notAdmin.id, '--email', org.admin.email, '--role', 'edit');
    const stranger = await buildOrganization(stack, 'Caller is not a member');

    const collection = await createCollection('Source box');
    const space = await createSpace({ title: 'Travelling', parent: collection.id, visibility: 'in-collection' });

    expectError(await org.api.post(`/v1/spaces/${space.id}/transfer`, {}), 400, /"organization"/);
    expectError(await org.api.post(`/v1/spaces/${space.id}/transfer`, { organization: org.id }), 409);
    expectError(await org.api.post(`/v1/spaces/${space.id}/transfer`, { organization: notAdmin.id }), 403);
    expectError(await org.api.post(`/v1/spaces/${space.id}/transfer`, { organization: stranger.id }), 404);
    expectError(await reader.post(`/v1/spaces/${space.id}/transfer`, { organization: target }), 403);
    expectError(await outsider.post(`/v1/spaces/${space.id}/transfer`, { organization: target }), 404);

    const res = await org.api.post(`/v1/spaces/${space.id}/transfer`, { organization: target });
    expect(res.status).toBe(200);
    expectOperationResponse('transferSpace', 200, res.body);
    expect(res.body).toMatchObject({ id: space.id, organization: target, visibility: 'private', revision: space.revision, title: 'Travelling' });
    expect(res.body.parent).toBeUndefined();
    expect(await listedSpaceIds(target)).toEqual([space.id]);
    expect(await listedSpaceIds()).not.toContain(space.id);
    // A member of the old organization only no longer sees it.
    expectError(await reader.get(`/v1/spaces/${space.id}`), 404);
  });
});

describe('error bodies', () => {
  it('are the shared error shape', async () => {
    const res = await outsider.get('/v1/spaces/noSuchSpace000000000');
    expectSchema('Error', res.body);
  });
});
