import { apiClient, expectError, type ApiClient, type ApiResponse } from '../support/api';
import { eventually } from '../support/eventually';
import { buildMember, buildOrganization, buildUser, type TestUser } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Site permissions (reference tag site-permissions, today's client 0.202.0): the 8 operations,
// answers validated against 0.202.0's schemas, and the rule they feed (docs/permissions.md, Sites):
// a grant raises a member's level on that site only, a guest sees only the sites granted to them,
// a removed grant removes the access, a team's grant counts, and the site's default level caps members.

const stack = currentStack();
const TODAY = { reference: '0.202.0' } as const;

let orgId: string;
let orgAdmin: TestUser;
let admin: ApiClient;
let reader: TestUser;
let creator: TestUser;
let guest: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  const org = await buildOrganization(stack, 'Site permissions org');
  orgId = org.id;
  orgAdmin = org.admin;
  admin = apiClient(stack, org.admin.token);
  // The guest is a user of another organization; the outsider has nothing to do with this one.
  const [r, c, other, o] = await Promise.all([
    buildMember(stack, orgId, 'read'),
    buildMember(stack, orgId, 'create'),
    buildOrganization(stack, 'Guest home'),
    buildUser(stack, 'outsider'),
  ]);
  [reader, creator, guest, outsider] = [r, c, other.admin, o];
});

const as = (user: TestUser) => apiClient(stack, user.token);
const sitePath = (siteId: string) => `/v1/orgs/${orgId}/sites/${siteId}`;
const permissionsPath = (siteId: string) => `${sitePath(siteId)}/permissions`;

async function createSite(title: string): Promise<string> {
  const res = await admin.post(`/v1/orgs/${orgId}/sites`, { title });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

function expectEmpty(res: ApiResponse, status: 204 | 205, operationId: string): void {
  expect(res.status).toBe(status);
  expect(res.text).toBe('');
  expectOperationResponse(operationId, status, res.text, TODAY);
}

async function invite(siteId: string, body: Record<string, unknown>, api: ApiClient = admin): Promise<void> {
  expectEmpty(await api.post(permissionsPath(siteId), body), 204, 'inviteToSite');
}

/** An item of the three listings (UserSitePermissionOverride, TeamSitePermissionOverride, UserSitePermission), as far as the tests read it. */
interface PermissionItem {
  permission: string | null;
  user: { id: string; object: string; email?: string };
  team: { id: string };
  origin: unknown;
}

async function listed(operationId: string, res: ApiResponse): Promise<PermissionItem[]> {
  expect(res.status).toBe(200);
  expectOperationResponse(operationId, 200, res.body, TODAY);
  return res.body.items as PermissionItem[];
}

async function siteIdsOf(user: TestUser): Promise<string[] | number> {
  const res = await as(user).get(`/v1/orgs/${orgId}/sites`);
  if (res.status !== 200) return res.status;
  expectOperationResponse('listSites', 200, res.body, TODAY);
  return (res.body.items as { id: string }[]).map((site) => site.id);
}

async function createTeam(title: string, members: string[]): Promise<string> {
  const res = await admin.put(`/v1/orgs/${orgId}/teams`, { title, members });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('site permissions: the operations', () => {
  it('invites users and teams, lists them, changes and removes their roles', async () => {
    const siteId = await createSite('Operations');
    const teamId = await createTeam('Docs team', [creator.id]);
    await invite(siteId, { role: 'edit', users: [reader.id, guest.id] });
    await invite(siteId, { role: 'review', teams: [teamId] });

    const users = await listed('listUserPermissionsInSite', await admin.get(`${permissionsPath(siteId)}/users`));
    expect(users.map((p) => [p.user.id, p.permission]).sort()).toEqual(
      [
        [guest.id, 'edit'],
        [reader.id, 'edit'],
      ].sort(),
    );
    expect(users.find((p) => p.user.id === reader.id)!.user).toMatchObject({ object: 'user', email: reader.email });
    const teams = await listed('listTeamPermissionsInSite', await admin.get(`${permissionsPath(siteId)}/teams`));
    expect(teams).toEqual([{ permission: 'review', team: expect.objectContaining({ object: 'team', id: teamId, title: 'Docs team', members: 1 }) }]);

    expectEmpty(await admin.patch(`${permissionsPath(siteId)}/users/${reader.id}`, { role: 'admin' }), 204, 'updateUserPermissionInSite');
    expectEmpty(await admin.patch(`${permissionsPath(siteId)}/teams/${teamId}`, { role: 'comment' }), 204, 'updateTeamPermissionInSite');
    const after = await listed('listUserPermissionsInSite', await admin.get(`${permissionsPath(siteId)}/users`));
    expect(after.find((p) => p.user.id === reader.id)!.permission).toBe('admin');
    expect((await listed('listTeamPermissionsInSite', await admin.get(`${permissionsPath(siteId)}/teams`)))[0]!.permission).toBe('comment');

    // 205: removed; 204: there was nothing to remove.
    expectEmpty(await admin.delete(`${permissionsPath(siteId)}/users/${guest.id}`), 205, 'removeUserFromSite');
    expectEmpty(await admin.delete(`${permissionsPath(siteId)}/users/${guest.id}`), 204, 'removeUserFromSite');
    expectEmpty(await admin.delete(`${permissionsPath(siteId)}/teams/${teamId}`), 205, 'removeTeamFromSite');
    expectEmpty(await admin.delete(`${permissionsPath(siteId)}/teams/${teamId}`), 204, 'removeTeamFromSite');
    expect(await listed('listTeamPermissionsInSite', await admin.get(`${permissionsPath(siteId)}/teams`))).toEqual([]);
    expect((await listed('listUserPermissionsInSite', await admin.get(`${permissionsPath(siteId)}/users`))).map((p) => p.user.id)).toEqual([reader.id]);
  });

  it('aggregates who can access the site, with their level and its origin, filtered and sorted', async () => {
    const siteId = await createSite('Aggregate');
    await invite(siteId, { role: 'admin', users: [reader.id] });
    await invite(siteId, { role: 'read', users: [creator.id, guest.id] });
    const path = `${permissionsPath(siteId)}/aggregate`;
    const items = await listed('listPermissionsAggregateInSite', await admin.get(path));
    const byUser = Object.fromEntries(items.map((p) => [p.user.id, p]));
    // Everyone who can access it: the organization's admin by their role, the reader raised by their
    // grant, the creator by their organization role (above their grant), the guest by their grant only.
    expect(items).toHaveLength(4);
    expect(byUser[orgAdmin.id]).toMatchObject({ permission: 'admin', origin: { type: 'organization', organization: orgId } });
    expect(byUser[reader.id]).toMatchObject({ permission: 'admin', origin: { type: 'site', site: siteId, reason: 'member' }, disabled: false });
    expect(byUser[creator.id]).toMatchObject({ permission: 'create', origin: { type: 'organization', organization: orgId } });
    expect(byUser[guest.id]).toMatchObject({ permission: 'read', origin: { type: 'site', site: siteId, reason: 'member' } });
    // Newest first by default (a grant's time, else when they joined); `order=asc` reverses.
    expect(items.map((p) => p.user.id)[3]).toBe(orgAdmin.id);
    const ascending = await listed('listPermissionsAggregateInSite', await admin.get(`${path}?order=asc`));
    expect(ascending.map((p) => p.user.id).slice(0, 2)).toEqual([orgAdmin.id, reader.id]);
    expect((await listed('listPermissionsAggregateInSite', await admin.get(`${path}?role=guest`))).map((p) => p.user.id)).toEqual([guest.id]);
    expect((await listed('listPermissionsAggregateInSite', await admin.get(`${path}?role=admin`))).map((p) => p.user.id)).toEqual([reader.id, orgAdmin.id]);
    expect(
      (await listed('listPermissionsAggregateInSite', await admin.get(`${path}?search=${encodeURIComponent(creator.email)}`))).map((p) => p.user.id),
    ).toEqual([creator.id]);
    const page = await admin.get(`${path}?limit=2`);
    expect((await listed('listPermissionsAggregateInSite', page)).length).toBe(2);
    expect(page.body.count).toBe(4);
    expect(page.body.next).toBeDefined();
  });

  it('checks inputs: principals required, known users and teams, roles', async () => {
    const siteId = await createSite('Inputs');
    expectError(await admin.post(permissionsPath(siteId), { role: 'read' }), 400, /"users" or "teams"/);
    expectError(await admin.post(permissionsPath(siteId), { users: [reader.id] }), 400, /"role"/);
    expectError(await admin.post(permissionsPath(siteId), { role: 'owner', users: [reader.id] }), 400, /"role"/);
    expectError(await admin.post(permissionsPath(siteId), { role: 'read', users: [] }), 400, /"users"/);
    expectError(await admin.post(permissionsPath(siteId), { role: 'read', users: ['noSuchUser'] }), 404, /noSuchUser/);
    expectError(await admin.post(permissionsPath(siteId), { role: 'read', teams: ['noSuchTeam'] }), 404, /noSuchTeam/);
    expectError(await admin.patch(`${permissionsPath(siteId)}/users/${reader.id}`, { role: 'read' }), 404);
    expectError(await admin.patch(`${permissionsPath(siteId)}/users/${reader.id}`, { role: 'boss' }), 400, /"role"/);
    expectError(await admin.get(`${permissionsPath(siteId)}/aggregate?sort=age`), 400, /"sort"/);
    // Nothing was granted by the failed calls.
    expect(await listed('listUserPermissionsInSite', await admin.get(`${permissionsPath(siteId)}/users`))).toEqual([]);
    // A null role removes the grants of those named.
    await invite(siteId, { role: 'read', users: [reader.id] });
    await invite(siteId, { role: null, users: [reader.id] });
    expect(await listed('listUserPermissionsInSite', await admin.get(`${permissionsPath(siteId)}/users`))).toEqual([]);
  });

  it('lets only admins of the site manage or list its permissions', async () => {
    const siteId = await createSite('Managers');
    expectError(await as(creator).post(permissionsPath(siteId), { role: 'read', users: [reader.id] }), 403);
    expectError(await as(creator).get(`${permissionsPath(siteId)}/users`), 403);
    expectError(await as(reader).get(`${permissionsPath(siteId)}/aggregate`), 403);
    expectError(await as(outsider).get(`${permissionsPath(siteId)}/teams`), 404);
    expectError(await as(outsider).post(permissionsPath(siteId), { role: 'read', users: [outsider.id] }), 404);
    expectError(await admin.get(`/v1/orgs/${orgId}/sites/noSuchSite/permissions/users`), 404);
  });
});

describe('site permissions: the rule on sites', () => {
  it('a read member granted admin on one site manages that site and not another', async () => {
    const [granted, other] = [await createSite('Granted'), await createSite('Other')];
    expectError(await as(reader).patch(sitePath(granted), { title: 'Mine' }), 403);
    await invite(granted, { role: 'admin', users: [reader.id] });

    const updated = await as(reader).patch(sitePath(granted), { title: 'Mine' });
    expect(updated.status).toBe(200);
    expectOperationResponse('updateSiteById', 200, updated.body, TODAY);
    expect(updated.body).toMatchObject({ title: 'Mine', permissions: { admin: true, create: true, view: true } });
    expect((await as(reader).post(`${sitePath(granted)}/share-links`, { name: 'Press' })).status).toBe(201);
    // Their level lets them manage who has access to that site too.
    await invite(granted, { role: 'read', users: [creator.id] }, as(reader));

    expectError(await as(reader).patch(sitePath(other), { title: 'Not mine' }), 403);
    expectError(await as(reader).post(`${sitePath(other)}/share-links`, { name: 'Press' }), 403);
    const seen = await as(reader).get(sitePath(other));
    expect(seen.status).toBe(200);
    expectOperationResponse('getSiteById', 200, seen.body, TODAY);
    expect(seen.body.permissions).toMatchObject({ view: true, admin: false, create: false });
  });

  it('a guest sees only the site granted to them, until the grant goes', async () => {
    // A guest of no other site of the organization (the one of beforeAll has grants elsewhere).
    const guest = (await buildOrganization(stack, 'Guest of one site')).admin;
    const [shared, hidden] = [await createSite('Shared with a guest'), await createSite('Not for guests')];
    expect(await siteIdsOf(guest)).toBe(404);
    expectError(await as(guest).get(sitePath(shared)), 404);

    await invite(shared, { role: 'read', users: [guest.id] });
    expect(await siteIdsOf(guest)).toEqual([shared]);
    const site = await as(guest).get(sitePath(shared));
    expect(site.status).toBe(200);
    expectOperationResponse('getSiteById', 200, site.body, TODAY);
    expect(site.body.permissions).toMatchObject({ view: true, admin: false });
    expectError(await as(guest).get(sitePath(hidden)), 404);
    expectError(await as(guest).patch(sitePath(shared), { title: 'Guest edit' }), 403);
    expectError(await as(guest).post(`/v1/orgs/${orgId}/sites`, { title: 'Guest site' }), 404);

    expectEmpty(await admin.delete(`${permissionsPath(shared)}/users/${guest.id}`), 205, 'removeUserFromSite');
    expectError(await as(guest).get(sitePath(shared)), 404);
    // Identity stops counting them as a guest once their last grant is gone (through the bus).
    await eventually(async () => (await siteIdsOf(guest)) === 404);
  });

  it("a team's grant counts for its members", async () => {
    const siteId = await createSite('Team site');
    const teamId = await createTeam('Site admins', [reader.id]);
    await invite(siteId, { role: 'admin', teams: [teamId] });
    await eventually(async () => (await as(reader).patch(sitePath(siteId), { title: 'Team edit' })).status === 200);
    const items = await listed('listPermissionsAggregateInSite', await admin.get(`${permissionsPath(siteId)}/aggregate`));
    expect(items.find((p) => p.user.id === reader.id)).toMatchObject({
      permission: 'admin',
      origin: { type: 'site', site: siteId, reason: 'team', team: teamId },
    });
    expect(items.find((p) => p.user.id === creator.id)).toMatchObject({ permission: 'create', origin: { type: 'organization' } });
    expectEmpty(await admin.delete(`${permissionsPath(siteId)}/teams/${teamId}`), 205, 'removeTeamFromSite');
    expectError(await as(reader).patch(sitePath(siteId), { title: 'No more' }), 403);
  });

  it("the site's default level caps members; null hides the site from them but not from its grantees", async () => {
    const siteId = await createSite('Private');
    expectError(await as(creator).patch(sitePath(siteId), { defaultLevel: null }), 403);
    const res = await admin.patch(sitePath(siteId), { defaultLevel: null });
    expect(res.status).toBe(200);
    expectOperationResponse('updateSiteById', 200, res.body, TODAY);
    expect(res.body.defaultLevel).toBeNull();
    expectError(await as(creator).get(sitePath(siteId)), 404);
    expect(await siteIdsOf(creator)).not.toContain(siteId);
    // The organization's admins keep everything.
    expect((await admin.get(sitePath(siteId))).status).toBe(200);

    await invite(siteId, { role: 'read', users: [creator.id] });
    expect(await siteIdsOf(creator)).toContain(siteId);
    expectError(await as(creator).patch(sitePath(siteId), { title: 'Capped' }), 403);

    expect((await admin.patch(sitePath(siteId), { defaultLevel: 'read' })).body.defaultLevel).toBe('read');
    await admin.delete(`${permissionsPath(siteId)}/users/${creator.id}`);
    expect((await as(creator).get(sitePath(siteId))).body.permissions).toMatchObject({ view: true, create: false });
    expectError(await as(creator).patch(sitePath(siteId), { title: 'Capped' }), 403);
    expect((await admin.patch(sitePath(siteId), { defaultLevel: 'inherit' })).body.defaultLevel).toBe('inherit');
    expect((await as(creator).patch(sitePath(siteId), { title: 'Free again' })).status).toBe(200);
  });
});
