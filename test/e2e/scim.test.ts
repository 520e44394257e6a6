import { apiClient, expectError, type ApiResponse } from '../support/api';
import { eventually } from '../support/eventually';
import { buildMember, buildOrganization, buildUser, unique, type TestUser } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

const stack = currentStack();
const api = apiClient(stack);

const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** GitBook's documented `scim-connection` object (its API reference page "Get a SCIM connection by its ID"). */
/** What the tests read of a SCIM resource or a connection: its id. */
interface WithId {
  id: string;
}

function expectConnection(connection: WithId & Record<string, unknown>): void {
  expect(connection).toEqual(
    expect.objectContaining({
      object: 'scim-connection',
      id: expect.any(String),
      label: expect.any(String),
      provider: expect.stringMatching(/^(okta|entra|generic)$/),
      baseURL: `${stack.url}/scim/v2/${connection.id}`,
      tokenHint: expect.any(String),
      tokenCreatedAt: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    }),
  );
  for (const field of ['tokenCreatedAt', 'createdAt', 'updatedAt']) expect(Number.isNaN(Date.parse(String(connection[field])))).toBe(false);
  expect(connection).not.toHaveProperty('token');
}

/** A client of one connection's SCIM service, as an identity provider calls it. */
function scimClient(baseURL: string, token: string) {
  const request = async (method: string, path: string, body?: unknown): Promise<ApiResponse> => {
    const headers: Record<string, string> = { accept: 'application/scim+json', authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/scim+json';
    const res = await fetch(baseURL + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20000),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
  };
  return {
    get: (path: string) => request('GET', path),
    post: (path: string, body: unknown) => request('POST', path, body),
    put: (path: string, body: unknown) => request('PUT', path, body),
    patch: (path: string, operations: unknown[]) => request('PATCH', path, { schemas: [PATCH_SCHEMA], Operations: operations }),
    delete: (path: string) => request('DELETE', path),
  };
}

function expectScimError(res: ApiResponse, status: number, scimType?: string): void {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/scim\+json/);
  expect(res.body).toEqual(expect.objectContaining({ schemas: [ERROR_SCHEMA], status: String(status), detail: expect.any(String) }));
  if (scimType) expect(res.body.scimType).toBe(scimType);
}

async function createConnection(orgId: string, admin: TestUser, body: Record<string, unknown> = { label: 'Okta', provider: 'okta' }) {
  const res = await api.post(`/v1/orgs/${orgId}/scim/connections`, body, { token: admin.token });
  expect(res.status).toBe(201);
  expect(res.body.token).toMatch(/^qscim_/);
  expectConnection(res.body.connection);
  expect(res.body.connection.tokenHint).toBe(res.body.token.slice(-4));
  return { connection: res.body.connection, token: res.body.token as string };
}

const userBody = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER_SCHEMA],
  userName,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ value: userName, type: 'work', primary: true }],
  active: true,
  ...extra,
});

/** Whether a token reaches the organization (200) or is refused there (404 for a non-member, 401 for a revoked token). */
const orgStatus = async (orgId: string, token: string) => (await api.get(`/v1/orgs/${orgId}`, { token })).status;

async function memberRole(orgId: string, admin: TestUser, userId: string): Promise<string | null> {
  const res = await api.get(`/v1/orgs/${orgId}/members/${userId}`, { token: admin.token });
  if (res.status === 404) return null;
  expectOperationResponse('getMemberInOrganizationById', 200, res.body);
  return res.body.role;
}

async function teamMemberIds(orgId: string, admin: TestUser, teamId: string): Promise<string[]> {
  const res = await api.get(`/v1/orgs/${orgId}/teams/${teamId}/members`, { token: admin.token });
  expectOperationResponse('listTeamMembersInOrganizationById', 200, res.body);
  return (res.body.items as { organization: { user: WithId } }[]).map((m) => m.organization.user.id).sort();
}

describe('SCIM connections', () => {
  test('admins create, read, list, rotate and delete them; the token is shown only on creation and rotation', async () => {
    const org = await buildOrganization(stack, 'SCIM connections');
    const reader = await buildMember(stack, org.id, 'read');
    expectError(await api.post(`/v1/orgs/${org.id}/scim/connections`, { label: 'Okta', provider: 'okta' }, { token: reader.token }), 403);
    expectError(await api.get(`/v1/orgs/${org.id}/scim/connections`, { token: reader.token }), 403);
    expectError(await api.post(`/v1/orgs/${org.id}/scim/connections`, { label: 'X', provider: 'onelogin' }, { token: org.admin.token }), 400, /provider/);
    expectError(await api.post(`/v1/orgs/${org.id}/scim/connections`, { provider: 'okta' }, { token: org.admin.token }), 400, /label/);

    const { connection, token } = await createConnection(org.id, org.admin, { label: 'Entra ID', provider: 'entra' });
    expect(connection).toMatchObject({ label: 'Entra ID', provider: 'entra' });
    const got = await api.get(`/v1/orgs/${org.id}/scim/connections/${connection.id}`, { token: org.admin.token });
    expect(got.status).toBe(200);
    expectConnection(got.body);
    const list = await api.get(`/v1/orgs/${org.id}/scim/connections`, { token: org.admin.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((c: WithId) => c.id)).toEqual([connection.id]);

    // The token works; rotation answers a new one and refuses the old one at once.
    const old = scimClient(connection.baseURL, token);
    expect((await old.get('/ServiceProviderConfig')).status).toBe(200);
    await eventually(
      async () => (await api.get(`/v1/orgs/${org.id}/scim/connections/${connection.id}`, { token: org.admin.token })).body.lastUsedAt !== undefined,
    );
    const rotated = await api.post(`/v1/orgs/${org.id}/scim/connections/${connection.id}/rotate-token`, undefined, { token: org.admin.token });
    expect(rotated.status).toBe(200);
    expectConnection(rotated.body.connection);
    expect(rotated.body.token).not.toBe(token);
    expectScimError(await old.get('/ServiceProviderConfig'), 401);
    const fresh = scimClient(connection.baseURL, rotated.body.token);
    expect((await fresh.get('/ServiceProviderConfig')).status).toBe(200);
    expectScimError(await scimClient(connection.baseURL, 'qscim_nothing').get('/Users'), 401);

    expect((await api.delete(`/v1/orgs/${org.id}/scim/connections/${connection.id}`, { token: org.admin.token })).status).toBe(204);
    expectError(await api.get(`/v1/orgs/${org.id}/scim/connections/${connection.id}`, { token: org.admin.token }), 404);
    expectScimError(await fresh.get('/Users'), 401);
  });
});

describe('SCIM provisioning', () => {
  test('a provisioned user joins the organization; deactivated or deleted, they lose it at once, and their tokens with it', async () => {
    const org = await buildOrganization(stack, 'SCIM people');
    const { connection, token } = await createConnection(org.id, org.admin);
    const scim = scimClient(connection.baseURL, token);

    // Matched by e-mail to an existing account, which joins with the connection's default role.
    const person = await buildUser(stack, 'joiner');
    expect(await orgStatus(org.id, person.token)).toBe(404);
    const created = await scim.post('/Users', userBody(person.email, { externalId: 'okta-1' }));
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${connection.baseURL}/Users/${person.id}`);
    expect(created.body).toMatchObject({ schemas: [USER_SCHEMA], id: person.id, userName: person.email, externalId: 'okta-1', active: true });
    expect(created.body.meta).toMatchObject({ resourceType: 'User', location: `${connection.baseURL}/Users/${person.id}` });
    expect(await memberRole(org.id, org.admin, person.id)).toBe('read');
    await eventually(async () => (await orgStatus(org.id, person.token)) === 200);
    expectScimError(await scim.post('/Users', userBody(person.email.toUpperCase())), 409, 'uniqueness');

    // Someone Quire does not know yet is created.
    const newcomer = `newcomer-${unique()}@example.com`;
    const second = await scim.post('/Users', userBody(newcomer, { externalId: 'okta-2' }));
    expect(second.status).toBe(201);
    expect(await memberRole(org.id, org.admin, second.body.id)).toBe('read');

    // Filters, paging and attribute selection.
    const search = async (filter: string) => (await scim.get(`/Users?filter=${encodeURIComponent(filter)}`)).body;
    expect((await search(`userName eq "${person.email}"`)).Resources.map((u: WithId) => u.id)).toEqual([person.id]);
    expect((await search(`emails.value co "newcomer-"`)).Resources.map((u: WithId) => u.id)).toEqual([second.body.id]);
    expect((await search(`userName sw "joiner-" or externalId eq "okta-2"`)).totalResults).toBe(2);
    expect((await search(`externalId eq "okta-1" and active eq true`)).totalResults).toBe(1);
    const page = await scim.get('/Users?startIndex=2&count=1&attributes=userName');
    expect(page.body).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect(Object.keys(page.body.Resources[0]).sort()).toEqual(['id', 'schemas', 'userName']);
    const searched = await scim.post('/Users/.search', { schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'], filter: 'externalId eq "okta-2"' });
    expect(searched.body.Resources.map((u: WithId) => u.id)).toEqual([second.body.id]);
    expectScimError(await scim.get(`/Users?filter=${encodeURIComponent('userName eq')}`), 400, 'invalidFilter');
    expectScimError(await scim.get('/Users/nobody'), 404);

    // Deactivated: out of the organization, and (in no other organization) their API token is revoked.
    const deactivated = await scim.patch(`/Users/${person.id}`, [{ op: 'replace', path: 'active', value: false }]);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.active).toBe(false);
    expect(await memberRole(org.id, org.admin, person.id)).toBeNull();
    await eventually(async () => (await orgStatus(org.id, person.token)) !== 200);
    // The gateway may hold its authentication for AUTH_LOCAL_TTL_MS, as for any revoked token.
    await eventually(async () => (await api.get('/v1/user', { token: person.token })).status === 401, 8000);

    // Reactivated: a member again (the old token stays revoked; a new one reaches the organization).
    const reactivated = await scim.patch(`/Users/${person.id}`, [{ op: 'replace', value: { active: true } }]);
    expect(reactivated.body.active).toBe(true);
    expect(await memberRole(org.id, org.admin, person.id)).toBe('read');

    // Deleted: out, at once.
    const stayer = await buildMember(stack, org.id, 'edit', 'stayer');
    const third = await scim.post('/Users', userBody(stayer.email));
    expect(third.status).toBe(201);
    expect(await memberRole(org.id, org.admin, stayer.id)).toBe('read');
    expect((await scim.delete(`/Users/${stayer.id}`)).status).toBe(204);
    expectScimError(await scim.get(`/Users/${stayer.id}`), 404);
    expect(await memberRole(org.id, org.admin, stayer.id)).toBeNull();
    await eventually(async () => (await orgStatus(org.id, stayer.token)) !== 200);
  });

  test('a Group is a team whose members follow PUT and PATCH, and which the team routes refuse to change', async () => {
    const org = await buildOrganization(stack, 'SCIM teams');
    const { connection, token } = await createConnection(org.id, org.admin, {
      label: 'Okta',
      provider: 'okta',
      defaultRole: 'read',
      groupRoles: { Editors: 'edit' },
    });
    const scim = scimClient(connection.baseURL, token);
    const [a, b] = await Promise.all([scim.post('/Users', userBody(`a-${unique()}@example.com`)), scim.post('/Users', userBody(`b-${unique()}@example.com`))]);
    const [idA, idB] = [a.body.id as string, b.body.id as string];

    const group = await scim.post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Editors', externalId: 'grp-1', members: [{ value: idA }] });
    expect(group.status).toBe(201);
    expect(group.body).toMatchObject({ schemas: [GROUP_SCHEMA], displayName: 'Editors', externalId: 'grp-1', members: [{ value: idA }] });
    const teamId = group.body.id as string;
    expect(await teamMemberIds(org.id, org.admin, teamId)).toEqual([idA]);
    expect(await memberRole(org.id, org.admin, idA)).toBe('edit');

    const added = await scim.patch(`/Groups/${teamId}`, [{ op: 'add', path: 'members', value: [{ value: idB }] }]);
    expect(added.status).toBe(200);
    expect(await teamMemberIds(org.id, org.admin, teamId)).toEqual([idA, idB].sort());
    expect(await memberRole(org.id, org.admin, idB)).toBe('edit');

    const removed = await scim.patch(`/Groups/${teamId}`, [{ op: 'remove', path: `members[value eq "${idA}"]` }]);
    expect(removed.body.members).toEqual([expect.objectContaining({ value: idB })]);
    expect(await teamMemberIds(org.id, org.admin, teamId)).toEqual([idB]);
    expect(await memberRole(org.id, org.admin, idA)).toBe('read');

    const replaced = await scim.put(`/Groups/${teamId}`, { schemas: [GROUP_SCHEMA], displayName: 'Editors', members: [{ value: idA }] });
    expect(replaced.status).toBe(200);
    expect(await teamMemberIds(org.id, org.admin, teamId)).toEqual([idA]);
    expect((await scim.get(`/Groups?filter=${encodeURIComponent('displayName eq "editors"')}`)).body.totalResults).toBe(1);

    // The team routes say why they refuse.
    const refused = await api.put(`/v1/orgs/${org.id}/teams/${teamId}/members`, { add: [idB] }, { token: org.admin.token });
    expectError(refused, 409, /provisioned by SCIM/);
    expectError(await api.delete(`/v1/orgs/${org.id}/teams/${teamId}/members/${idA}`, { token: org.admin.token }), 409, /SCIM/);

    expect((await scim.delete(`/Groups/${teamId}`)).status).toBe(204);
    expectError(await api.get(`/v1/orgs/${org.id}/teams/${teamId}`, { token: org.admin.token }), 404);
    expect(await memberRole(org.id, org.admin, idA)).toBe('read');
  });
});
