import { GitBookAPI, MemberRole } from 'gitbook-api-0202';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { buildMember, buildOrganization, type TestUser } from '../support/factories';
import { validateOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Content permissions (docs/permissions.md): the 16 space- and collection-permission operations of
// @gitbook/api 0.202.0 through its official client, validated against its schemas, and the rule
// they feed — default levels capping members, grants to users and teams raising them, a
// collection's grants reaching its spaces, private content, guests.

const stack = currentStack();
const TODAY = { reference: '0.202.0' as const };

let orgId: string;
let admin: TestUser;
let editor: TestUser;
let teamMember: TestUser;
let guest: TestUser;
let adminApi: ApiClient;
let editorApi: ApiClient;
let guestApi: ApiClient;
let fixture: Server;
let fixtureUrl: string;
const served = new Map<string, string>();

/** The official client of today, as its users write it. */
const client = (token: string) => new GitBookAPI({ authToken: token, endpoint: stack.url });

/** Expects an operation's answer to be declared by 0.202.0 and to match its schema. */
function expectToday(operationId: string, status: number, body: unknown): void {
  expect(validateOperationResponse(operationId, status, body, TODAY)).toEqual([]);
}

async function newSpace(body: Record<string, unknown>, markdown?: string): Promise<string> {
  const res = await adminApi.post(`/v1/orgs/${orgId}/spaces`, body);
  expect(res.status).toBe(201);
  const id = res.body.id as string;
  if (markdown) {
    served.set(`/${id}.md`, markdown);
    expect((await adminApi.post(`/v1/spaces/${id}/content/import`, { source: 'markdown', url: `${fixtureUrl}/${id}.md` })).status).toBe(201);
  }
  return id;
}

async function newTeam(title: string, members: string[]): Promise<string> {
  const res = await adminApi.put(`/v1/orgs/${orgId}/teams`, { title, members });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const spaceOf = (api: ApiClient, id: string) => api.get(`/v1/spaces/${id}`);
const spaceIdsListed = async (api: ApiClient) => ((await api.get(`/v1/orgs/${orgId}/spaces`)).body.items as { id: string }[]).map((s) => s.id);

beforeAll(async () => {
  ({ id: orgId, admin } = await buildOrganization(stack, 'Permissions org'));
  [editor, teamMember] = await Promise.all([buildMember(stack, orgId, 'edit'), buildMember(stack, orgId, 'edit', 'teamed')]);
  // A guest: the admin of another organization, a stranger to this one until invited.
  guest = (await buildOrganization(stack, 'Guest home org')).admin;
  [adminApi, editorApi, guestApi] = [admin, editor, guest].map((u) => apiClient(stack, u.token)) as [ApiClient, ApiClient, ApiClient];
  fixture = createServer((req, res) => {
    const body = served.get((req.url ?? '').split('?')[0] as string);
    if (body === undefined) return res.writeHead(404).end('not here');
    res.writeHead(200, { 'content-type': 'text/markdown' }).end(body);
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
});
afterAll(async () => {
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

describe('the space-permission operations of 0.202.0', () => {
  it('invites, lists, updates and removes users and teams on a space', async () => {
    const spaceId = await newSpace({ title: 'Handbook', defaultLevel: 'read' });
    const teamId = await newTeam('Writers', [teamMember.id]);
    const api = client(admin.token).spaces;

    const invited = await api.inviteToSpace(spaceId, { role: MemberRole.Edit, users: [editor.id], teams: [teamId] });
    expect(invited.status).toBe(204);
    expectToday('inviteToSpace', 204, invited.data);

    const users = await api.listUserPermissionsInSpace(spaceId);
    expectToday('listUserPermissionsInSpace', 200, users.data);
    expect(users.data.items.map((i) => [i.user.id, i.permission])).toEqual([[editor.id, 'edit']]);
    expect(users.data.count).toBe(1);

    const teams = await api.listTeamPermissionsInSpace(spaceId);
    expectToday('listTeamPermissionsInSpace', 200, teams.data);
    expect(teams.data.items).toEqual([{ permission: 'edit', team: expect.objectContaining({ object: 'team', id: teamId, title: 'Writers', members: 1 }) }]);

    const userUpdated = await api.updateUserPermissionInSpace(spaceId, editor.id, { role: MemberRole.Review });
    expect(userUpdated.status).toBe(204);
    expectToday('updateUserPermissionInSpace', 204, userUpdated.data);
    const teamUpdated = await api.updateTeamPermissionInSpace(spaceId, teamId, { role: MemberRole.Comment });
    expect(teamUpdated.status).toBe(204);
    expectToday('updateTeamPermissionInSpace', 204, teamUpdated.data);
    expect((await api.listTeamPermissionsInSpace(spaceId)).data.items.map((i) => i.permission)).toEqual(['comment']);

    const aggregate = await api.listPermissionsAggregateInSpace(spaceId);
    expectToday('listPermissionsAggregateInSpace', 200, aggregate.data);
    // Everyone who can access it: the admin by their role, the editor by their grant, the team's
    // member (an editor capped at the space's read default) by their team's grant; levels descending.
    expect(aggregate.data.items.map((i) => [i.user.id, i.permission])).toEqual([
      [admin.id, 'admin'],
      [editor.id, 'review'],
      [teamMember.id, 'comment'],
    ]);
    expect(aggregate.data.count).toBe(3);
    expect((await api.listPermissionsAggregateInSpace(spaceId, { role: MemberRole.Review })).data.items.map((i) => i.user.id)).toEqual([editor.id]);
    expect((await api.listPermissionsAggregateInSpace(spaceId, { role: MemberRole.Create })).data.items).toEqual([]);

    const userRemoved = await api.removeUserFromSpace(spaceId, editor.id);
    expect(userRemoved.status).toBe(205);
    expectToday('removeUserFromSpace', 205, userRemoved.data);
    const again = await api.removeUserFromSpace(spaceId, editor.id);
    expect(again.status).toBe(204);
    expectToday('removeUserFromSpace', 204, again.data);
    const teamRemoved = await api.removeTeamFromSpace(spaceId, teamId);
    expect(teamRemoved.status).toBe(205);
    expectToday('removeTeamFromSpace', 205, teamRemoved.data);
    expect((await api.listUserPermissionsInSpace(spaceId)).data).toMatchObject({ items: [], count: 0 });
    expect((await api.listTeamPermissionsInSpace(spaceId)).data).toMatchObject({ items: [], count: 0 });
  });

  it('refuses an unknown user or team (404, nothing written), a bad body (400) and a caller below admin (403)', async () => {
    const spaceId = await newSpace({ title: 'Refusals' });
    expectError(await adminApi.post(`/v1/spaces/${spaceId}/permissions`, { role: 'read', users: [editor.id, 'nobody-here'] }), 404, /nobody-here/);
    expectError(await adminApi.post(`/v1/spaces/${spaceId}/permissions`, { role: 'read', teams: ['no-such-team'] }), 404, /no-such-team/);
    expect((await adminApi.get(`/v1/spaces/${spaceId}/permissions/users`)).body.items).toEqual([]);
    expectError(await adminApi.post(`/v1/spaces/${spaceId}/permissions`, { role: 'read' }), 400, /users/);
    expectError(await adminApi.post(`/v1/spaces/${spaceId}/permissions`, { role: 'owner', users: [editor.id] }), 400, /role/);
    expectError(await adminApi.patch(`/v1/spaces/${spaceId}/permissions/users/nobody-here`, { role: 'read' }), 404);
    expectError(await editorApi.post(`/v1/spaces/${spaceId}/permissions`, { role: 'admin', users: [editor.id] }), 403);
    expectError(await editorApi.delete(`/v1/spaces/${spaceId}/permissions/users/${editor.id}`), 403);
  });
});

describe('the collection-permission operations of 0.202.0', () => {
  it('invites, lists, updates and removes users and teams on a collection', async () => {
    const collection = await adminApi.post(`/v1/orgs/${orgId}/collections`, { title: 'Guides' });
    const collectionId = collection.body.id as string;
    const teamId = await newTeam('Reviewers', [teamMember.id]);
    const api = client(admin.token).collections;

    const invited = await api.inviteToCollection(collectionId, { role: MemberRole.Read, users: [editor.id] });
    expect(invited.status).toBe(204);
    expectToday('inviteToCollection', 204, invited.data);
    expect((await api.inviteToCollection(collectionId, { role: MemberRole.Review, teams: [teamId] })).status).toBe(204);

    const users = await api.listUserPermissionsInCollection(collectionId);
    expectToday('listUserPermissionsInCollection', 200, users.data);
    expect(users.data.items.map((i) => [i.user.id, i.permission])).toEqual([[editor.id, 'read']]);
    const teams = await api.listTeamPermissionsInCollection(collectionId);
    expectToday('listTeamPermissionsInCollection', 200, teams.data);
    expect(teams.data.items.map((i) => [i.team.id, i.permission])).toEqual([[teamId, 'review']]);

    const userUpdated = await api.updateUserPermissionInCollection(collectionId, editor.id, { role: MemberRole.Admin });
    expect(userUpdated.status).toBe(204);
    expectToday('updateUserPermissionInCollection', 204, userUpdated.data);
    const teamUpdated = await api.updateTeamPermissionInCollection(collectionId, teamId, { role: MemberRole.Edit });
    expect(teamUpdated.status).toBe(204);
    expectToday('updateTeamPermissionInCollection', 204, teamUpdated.data);

    const aggregate = await api.listPermissionsAggregateInCollection(collectionId);
    expectToday('listPermissionsAggregateInCollection', 200, aggregate.data);
    expect(aggregate.data.items.map((i) => [i.user.id, i.permission])).toEqual([
      ...[admin.id, editor.id].sort().map((id) => [id, 'admin']),
      [teamMember.id, 'edit'],
    ]);

    const userRemoved = await api.removeUserFromCollection(collectionId, editor.id);
    expect(userRemoved.status).toBe(205);
    expectToday('removeUserFromCollection', 205, userRemoved.data);
    const teamRemoved = await api.removeTeamFromCollection(collectionId, teamId);
    expect(teamRemoved.status).toBe(205);
    expectToday('removeTeamFromCollection', 205, teamRemoved.data);
    const none = await api.removeTeamFromCollection(collectionId, teamId);
    expect(none.status).toBe(204);
    expectToday('removeTeamFromCollection', 204, none.data);
  });
});

describe('the rule on content', () => {
  it('caps a member at a read default and raises them with a user grant', async () => {
    const spaceId = await newSpace({ title: 'Capped', defaultLevel: 'read' });
    const capped = await spaceOf(editorApi, spaceId);
    expect(capped.body.permissions).toMatchObject({ view: true, edit: false, admin: false });
    expectToday('getSpaceById', 200, capped.body);
    expectError(await editorApi.patch(`/v1/spaces/${spaceId}`, { title: 'Renamed' }), 403);

    expect((await adminApi.patch(`/v1/spaces/${spaceId}/permissions/users/${editor.id}`, { role: 'edit' })).status).toBe(204);
    expect((await spaceOf(editorApi, spaceId)).body.permissions).toMatchObject({ edit: true, admin: false });
    expect((await editorApi.patch(`/v1/spaces/${spaceId}`, { title: 'Renamed' })).status).toBe(200);

    expect((await adminApi.delete(`/v1/spaces/${spaceId}/permissions/users/${editor.id}`)).status).toBe(205);
    expectError(await editorApi.patch(`/v1/spaces/${spaceId}`, { title: 'Again' }), 403);
  });

  it("lets a collection's grant reach the spaces inside it", async () => {
    const collectionId = (await adminApi.post(`/v1/orgs/${orgId}/collections`, { title: 'Locked guides' })).body.id as string;
    expect((await adminApi.patch(`/v1/collections/${collectionId}`, { defaultLevel: 'read' })).body.defaultLevel).toBe('read');
    const spaceId = await newSpace({ title: 'Inside', parent: collectionId });
    expect((await spaceOf(editorApi, spaceId)).body.permissions).toMatchObject({ view: true, edit: false });

    expect((await adminApi.post(`/v1/collections/${collectionId}/permissions`, { role: 'admin', users: [editor.id] })).status).toBe(204);
    expect((await spaceOf(editorApi, spaceId)).body.permissions).toMatchObject({ edit: true, admin: true });
    const collection = await editorApi.get(`/v1/collections/${collectionId}`);
    expect(collection.body.permissions).toMatchObject({ admin: true, create: true });
    expectToday('getCollectionById', 200, collection.body);
    const aggregate = await adminApi.get(`/v1/spaces/${spaceId}/permissions/aggregate`);
    expectToday('listPermissionsAggregateInSpace', 200, aggregate.body);
    // The team's member is capped at the collection's read default; the editor raised by their grant.
    expect(aggregate.body.items.map((i: { user: { id: string }; permission: string }) => [i.user.id, i.permission])).toEqual([
      ...[admin.id, editor.id].sort().map((id) => [id, 'admin']),
      [teamMember.id, 'read'],
    ]);
  });

  it('hides a private space (null default) from a member until a grant, and again once it is removed', async () => {
    const spaceId = await newSpace({ title: 'Private', defaultLevel: null });
    const created = await spaceOf(adminApi, spaceId);
    expect(created.body.defaultLevel).toBeNull();
    expectToday('getSpaceById', 200, created.body);
    expectError(await spaceOf(editorApi, spaceId), 404);
    expect(await spaceIdsListed(editorApi)).not.toContain(spaceId);

    expect((await adminApi.post(`/v1/spaces/${spaceId}/permissions`, { role: 'comment', users: [editor.id] })).status).toBe(204);
    expect((await spaceOf(editorApi, spaceId)).body.permissions).toMatchObject({ view: true, comment: true, edit: false });
    expect(await spaceIdsListed(editorApi)).toContain(spaceId);

    expect((await adminApi.patch(`/v1/spaces/${spaceId}/permissions/users/${editor.id}`, { role: null })).status).toBe(204);
    expectError(await spaceOf(editorApi, spaceId), 404);
    expect(await spaceIdsListed(editorApi)).not.toContain(spaceId);
  });

  it('raises a member capped by a read default through a grant to their team, and lists it', async () => {
    const spaceId = await newSpace({ title: 'Team space', defaultLevel: 'read' });
    const teamApi = apiClient(stack, teamMember.token);
    expect((await spaceOf(teamApi, spaceId)).body.permissions).toMatchObject({ view: true, edit: false });
    const teamId = await newTeam('Editors', [teamMember.id]);
    expect((await adminApi.post(`/v1/spaces/${spaceId}/permissions`, { role: 'edit', teams: [teamId] })).status).toBe(204);
    // Team membership reaches content through identity's GetMembership, cached a few seconds in
    // each replica: the read and the write may land on different replicas, so each waits on its own.
    await eventually(async () => (await spaceOf(teamApi, spaceId)).body.permissions.edit === true, 10000);
    await eventually(async () => (await teamApi.patch(`/v1/spaces/${spaceId}`, { title: 'Edited by the team' })).status === 200, 10000);
    expect((await spaceOf(adminApi, spaceId)).body.title).toBe('Edited by the team');
    expect((await spaceOf(editorApi, spaceId)).body.permissions).toMatchObject({ edit: false });
    const teams = await adminApi.get(`/v1/spaces/${spaceId}/permissions/teams`);
    expectToday('listTeamPermissionsInSpace', 200, teams.body);
    expect(teams.body.items).toEqual([{ permission: 'edit', team: expect.objectContaining({ id: teamId, members: 1 }) }]);
    expect((await adminApi.delete(`/v1/spaces/${spaceId}/permissions/teams/${teamId}`)).status).toBe(205);
    expect((await adminApi.get(`/v1/spaces/${spaceId}/permissions/teams`)).body.items).toEqual([]);
    expectError(await teamApi.patch(`/v1/spaces/${spaceId}`, { title: 'Not any more' }), 403);
  });

  it('lets a guest read only the space they were invited to, its content and its search results', async () => {
    const granted = await newSpace({ title: 'Shared with a guest' }, '# Shared page\n\nThe platypus swims at dawn.\n');
    const hidden = await newSpace({ title: 'Members only' }, '# Hidden page\n\nThe platypus sleeps at noon.\n');
    expectError(await spaceOf(guestApi, granted), 404);
    expectError(await guestApi.get(`/v1/orgs/${orgId}/spaces`), 404);

    expect((await adminApi.post(`/v1/spaces/${granted}/permissions`, { role: 'read', users: [guest.id] })).status).toBe(204);
    const space = await spaceOf(guestApi, granted);
    expect(space.status).toBe(200);
    expect(space.body.permissions).toMatchObject({ view: true, edit: false, comment: false });
    const pages = await guestApi.get(`/v1/spaces/${granted}/content/pages`);
    expect(pages.status).toBe(200);
    expect(pages.body.pages.map((p: { title: string }) => p.title)).toEqual(['Shared page']);
    expectError(await spaceOf(guestApi, hidden), 404);
    expectError(await guestApi.get(`/v1/spaces/${hidden}/content/pages`), 404);
    const listed = await guestApi.get(`/v1/orgs/${orgId}/spaces`);
    expectToday('listSpacesInOrganizationById', 200, listed.body);
    expect(listed.body.items.map((s: { id: string }) => s.id)).toEqual([granted]);
    expect(listed.body.count).toBe(1);

    // Indexing is asynchronous: the member finds both spaces once both are indexed; the guest only theirs.
    const foundSpaces = async (api: ApiClient) =>
      ((await api.get(`/v1/orgs/${orgId}/search?query=platypus`)).body.items as { id: string }[]).map((s) => s.id).sort();
    await eventually(async () => (await foundSpaces(editorApi)).length === 2, 15000);
    expect(await foundSpaces(guestApi)).toEqual([granted]);

    expect((await adminApi.delete(`/v1/spaces/${granted}/permissions/users/${guest.id}`)).status).toBe(205);
    expectError(await spaceOf(guestApi, granted), 404);
    // Identity stops counting them as a guest once it has read the removal (asynchronously).
    await eventually(async () => (await guestApi.get(`/v1/orgs/${orgId}/spaces`)).status === 404, 15000);
  });

  it("lists a member's spaces with their level on each (listSpacesForOrganizationMember), for an admin or the member", async () => {
    const privateId = await newSpace({ title: 'Member list private', defaultLevel: null });
    const cappedId = await newSpace({ title: 'Member list capped', defaultLevel: 'comment' });
    const memberSpaces = async (api: ApiClient, userId: string) => {
      const res = await api.get(`/v1/orgs/${orgId}/members/${userId}/spaces?limit=1000`);
      expect(res.status).toBe(200);
      expectToday('listSpacesForOrganizationMember', 200, res.body);
      return new Map((res.body.items as { permission: string; space: { id: string } }[]).map((i) => [i.space.id, i.permission]));
    };
    const byAdmin = await memberSpaces(adminApi, editor.id);
    expect(byAdmin.get(cappedId)).toBe('comment');
    expect(byAdmin.has(privateId)).toBe(false);
    expect((await memberSpaces(editorApi, editor.id)).get(cappedId)).toBe('comment');
    expect((await memberSpaces(adminApi, admin.id)).get(privateId)).toBe('admin');
    expectError(await editorApi.get(`/v1/orgs/${orgId}/members/${admin.id}/spaces`), 403);
    expectError(await guestApi.get(`/v1/orgs/${orgId}/members/${editor.id}/spaces`), 404);
  });
  it("lists the organization's change requests only from the spaces the caller may read (listChangeRequestsForOrganization)", async () => {
    const [openId, privateId] = await Promise.all([newSpace({ title: 'CRs open' }), newSpace({ title: 'CRs private', defaultLevel: null })]);
    const newChangeRequest = async (spaceId: string, subject: string, status = 'open') => {
      const created = await adminApi.post(`/v1/spaces/${spaceId}/change-requests`, { subject });
      expect(created.status).toBe(201);
      expect((await adminApi.patch(`/v1/spaces/${spaceId}/change-requests/${created.body.id}`, { status })).status).toBe(200);
      return created.body.id as string;
    };
    const visible = await newChangeRequest(openId, 'Visible');
    const draft = await newChangeRequest(openId, 'A draft', 'draft');
    const hidden = await newChangeRequest(privateId, 'Hidden');
    const listed = async (api: ApiClient, query = '') => {
      const res = await api.get(`/v1/orgs/${orgId}/change-requests${query}`);
      expect(res.status).toBe(200);
      expectToday('listChangeRequestsForOrganization', 200, res.body);
      return (res.body.items as { id: string }[]).map((cr) => cr.id);
    };
    // Open ones by default, newest update first; the admin sees every space's.
    expect((await listed(adminApi)).slice(0, 2)).toEqual([hidden, visible]);
    expect(await listed(editorApi)).toContain(visible);
    expect(await listed(editorApi)).not.toContain(hidden);
    expect(await listed(editorApi, '?status=draft&status=open')).toEqual(expect.arrayContaining([visible, draft]));
    expect(await listed(editorApi, `?status=draft,archived&space=${openId}`)).toEqual([draft]);
    expect(await listed(adminApi, `?space=${privateId}&creator=${admin.id}`)).toEqual([hidden]);
    // A space the caller cannot read gives nothing, not an error that would tell it exists.
    expect(await listed(editorApi, `?space=${privateId}`)).toEqual([]);
    // Quire links change requests to no site: that filter matches none.
    expect(await listed(adminApi, `?site=${openId}`)).toEqual([]);
    expectError(await editorApi.get(`/v1/orgs/${orgId}/change-requests?status=closed`), 400, /status/);
    expectError(await guestApi.get(`/v1/orgs/${orgId}/change-requests`), 404);
  });
});
