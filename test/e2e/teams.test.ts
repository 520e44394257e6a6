import { apiClient, expectError, type ApiResponse } from '../support/api';
import { buildMember, buildOrganization, buildUser, type TestUser } from '../support/factories';
import { expectOperationResponse, expectSchema } from '../support/reference';
import { currentStack } from '../support/stack';

const stack = currentStack();
const api = apiClient(stack);

interface TeamBody {
  id: string;
  title: string;
  members: number;
  spaces: number;
  createdAt: string;
  permissions: { admin: boolean; view: boolean };
}
interface TeamMemberItem {
  organization: { id: string; role: string; user: { email: string } };
  team: { role: string };
}

/** An organization with an admin and members of several roles, each with a token. */
async function buildTeamsOrganization() {
  const { id, admin } = await buildOrganization(stack, 'Teams org');
  const [editor, reader, other] = await Promise.all([buildMember(stack, id, 'edit'), buildMember(stack, id, 'read'), buildMember(stack, id, 'comment')]);
  return { id, admin, editor, reader, other };
}

async function createTeam(orgId: string, admin: TestUser, body: Record<string, unknown>): Promise<TeamBody> {
  const res = await api.put(`/v1/orgs/${orgId}/teams`, body, { token: admin.token });
  expect(res.status).toBe(201);
  expectOperationResponse('createOrganizationTeam', 201, res.body);
  return res.body as TeamBody;
}

async function teamMembers(orgId: string, teamId: string, token: string): Promise<Record<string, string>> {
  const res = await api.get(`/v1/orgs/${orgId}/teams/${teamId}/members`, { token });
  expect(res.status).toBe(200);
  expectOperationResponse('listTeamMembersInOrganizationById', 200, res.body);
  return Object.fromEntries((res.body.items as TeamMemberItem[]).map((m) => [m.organization.id, m.team.role]));
}

function expectNoContent(res: ApiResponse, operationId: string): void {
  expect(res.status).toBe(204);
  expect(res.text).toBe('');
  expectOperationResponse(operationId, 204, res.text);
}

describe('teams', () => {
  let org: Awaited<ReturnType<typeof buildTeamsOrganization>>;
  beforeAll(async () => {
    org = await buildTeamsOrganization();
  });
  const teamsPath = () => `/v1/orgs/${org.id}/teams`;

  it('creates a team with members named by user id or e-mail address (any case)', async () => {
    const team = await createTeam(org.id, org.admin, { title: 'Writers', members: [org.editor.id, org.reader.email.toUpperCase(), org.editor.email] });
    expect(team).toMatchObject({ object: 'team', title: 'Writers', members: 2, spaces: 0, permissions: { admin: true, view: true } });
    expect(Date.parse(team.createdAt)).not.toBeNaN();
    expect(await teamMembers(org.id, team.id, org.admin.token)).toEqual({ [org.editor.id]: 'member', [org.reader.id]: 'member' });

    const empty = await createTeam(org.id, org.admin, { title: 'x' });
    expect(empty).toMatchObject({ title: 'x', members: 0 });
  });

  it.each([
    ['title', {}],
    ['title', { title: '' }],
    ['title', { title: '   ' }],
    ['title', { title: 'x'.repeat(65) }],
    ['title', { title: 7 }],
    ['members', { title: 'T', members: 'everyone' }],
    ['members.0', { title: 'T', members: [''] }],
    ['members', { title: 'T', members: Array.from({ length: 1001 }, (_, i) => `u${i}`) }],
    ['body', { title: 'T', owner: 'me' }],
  ])('answers 400 naming "%s" when creating %j', async (field, body) => {
    expectError(await api.put(teamsPath(), body, { token: org.admin.token }), 400, new RegExp(`"${field.replace('.', '\\.')}"|unknown field`));
  });

  it('refuses members who are not in the organization, naming the field, and creates nothing', async () => {
    const outsider = await buildUser(stack, 'outsider');
    const before = (await api.get(teamsPath(), { token: org.admin.token })).body.count;
    expectError(await api.put(teamsPath(), { title: 'Nope', members: [org.editor.id, outsider.email] }, { token: org.admin.token }), 400, /"members\.1"/);
    expectError(await api.put(teamsPath(), { title: 'Nope', members: ['noSuchUser'] }, { token: org.admin.token }), 400, /"members\.0"/);
    expect((await api.get(teamsPath(), { token: org.admin.token })).body.count).toBe(before);
  });

  it('accepts a title of 64 characters, and trims it', async () => {
    expect((await createTeam(org.id, org.admin, { title: 'y'.repeat(64) })).title).toBe('y'.repeat(64));
    expect((await createTeam(org.id, org.admin, { title: '  Trimmed  ' })).title).toBe('Trimmed');
  });

  it('lets only organization admins create teams', async () => {
    expectError(await api.put(teamsPath(), { title: 'Mine' }, { token: org.editor.token }), 403);
    expectError(await api.put(teamsPath(), { title: 'Mine' }, { token: org.reader.token }), 403);
  });

  it('gets a team for any member, with true counts and the caller permissions', async () => {
    const team = await createTeam(org.id, org.admin, { title: 'Readable', members: [org.reader.id] });
    const asReader = await api.get(`${teamsPath()}/${team.id}`, { token: org.reader.token });
    expect(asReader.status).toBe(200);
    expectOperationResponse('getTeamInOrganizationById', 200, asReader.body);
    expect(asReader.body).toMatchObject({ id: team.id, title: 'Readable', members: 1, spaces: 0, permissions: { admin: false, view: true } });
    expectError(await api.get(`${teamsPath()}/noSuchTeam`, { token: org.reader.token }), 404);
  });

  it('renames a team (organization admins only) and validates the title', async () => {
    const team = await createTeam(org.id, org.admin, { title: 'Before', members: [org.editor.id] });
    await api.put(`${teamsPath()}/${team.id}/members/${org.editor.id}`, { role: 'owner' }, { token: org.admin.token });
    const res = await api.patch(`${teamsPath()}/${team.id}`, { title: 'After' }, { token: org.admin.token });
    expect(res.status).toBe(200);
    expectOperationResponse('updateTeamInOrganizationById', 200, res.body);
    expect(res.body).toMatchObject({ id: team.id, title: 'After', members: 1 });
    expect((await api.get(`${teamsPath()}/${team.id}`, { token: org.reader.token })).body.title).toBe('After');

    expectError(await api.patch(`${teamsPath()}/${team.id}`, { title: 'Owner rename' }, { token: org.editor.token }), 403);
    expectError(await api.patch(`${teamsPath()}/${team.id}`, { title: 'Reader rename' }, { token: org.reader.token }), 403);
    expectError(await api.patch(`${teamsPath()}/noSuchTeam`, { title: 'Ghost' }, { token: org.admin.token }), 404);
    for (const body of [{}, { title: '' }, { title: 'z'.repeat(65) }, { title: null }]) {
      expectError(await api.patch(`${teamsPath()}/${team.id}`, body, { token: org.admin.token }), 400, /"title"/);
    }
    expectError(await api.patch(`${teamsPath()}/${team.id}`, { title: 'Ok', members: [] }, { token: org.admin.token }), 400, /unknown field/);
  });

  it('deletes a team with 204 (organization admins only); a team that is gone is a 404', async () => {
    const team = await createTeam(org.id, org.admin, { title: 'Doomed', members: [org.reader.id] });
    expectError(await api.delete(`${teamsPath()}/${team.id}`, { token: org.reader.token }), 403);
    expectNoContent(await api.delete(`${teamsPath()}/${team.id}`, { token: org.admin.token }), 'removeTeamFromOrganizationById');
    expectError(await api.get(`${teamsPath()}/${team.id}`, { token: org.admin.token }), 404);
    expectError(await api.get(`${teamsPath()}/${team.id}/members`, { token: org.admin.token }), 404);
    expectError(await api.delete(`${teamsPath()}/${team.id}`, { token: org.admin.token }), 404, /Team/);
  });
});

describe('listing teams', () => {
  let org: Awaited<ReturnType<typeof buildTeamsOrganization>>;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    org = await buildTeamsOrganization();
    for (const title of ['Alpha docs', 'Beta DOCS', 'Gamma', '100%_done']) ids[title] = (await createTeam(org.id, org.admin, { title })).id;
    await api.put(
      `/v1/orgs/${org.id}/teams/${ids.Gamma}/members`,
      { memberships: { [org.editor.email]: { role: 'owner' } }, add: [org.reader.id] },
      { token: org.admin.token },
    );
  });
  const list = (query: string, token: string) => api.get(`/v1/orgs/${org.id}/teams${query}`, { token });
  const titles = (res: ApiResponse) => (res.body.items as TeamBody[]).map((t) => t.title);

  it('lists every team for any member, oldest first, validated against the reference', async () => {
    const res = await list('', org.other.token);
    expect(res.status).toBe(200);
    expectOperationResponse('listTeamsInOrganizationById', 200, res.body);
    expect(res.body.count).toBe(4);
    expect(titles(res)).toEqual(['Alpha docs', 'Beta DOCS', 'Gamma', '100%_done']);
    expect((res.body.items as TeamBody[]).find((t) => t.title === 'Gamma')).toMatchObject({ members: 2, spaces: 0, permissions: { admin: false, view: true } });
  });

  it('marks the teams the caller can manage', async () => {
    const res = await list('', org.editor.token);
    expect((res.body.items as TeamBody[]).map((t) => [t.title, t.permissions.admin])).toEqual([
      ['Alpha docs', false],
      ['Beta DOCS', false],
      ['Gamma', true],
      ['100%_done', false],
    ]);
    expect((await list('', org.admin.token)).body.items.every((t: TeamBody) => t.permissions.admin)).toBe(true);
  });

  it('filters by title, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(titles(await list('?title=docs', org.reader.token))).toEqual(['Alpha docs', 'Beta DOCS']);
    expect((await list('?title=docs', org.reader.token)).body.count).toBe(2);
    expect(titles(await list(`?title=${encodeURIComponent('%_')}`, org.reader.token))).toEqual(['100%_done']);
    expect(titles(await list('?title=nothing', org.reader.token))).toEqual([]);
  });

  it('filters by owner: all teams for an admin, the owned teams for others', async () => {
    expect(titles(await list(`?owner=${org.admin.id}`, org.reader.token))).toHaveLength(4);
    expect(titles(await list(`?owner=${org.editor.id}`, org.reader.token))).toEqual(['Gamma']);
    expect(titles(await list(`?owner=${org.reader.id}`, org.reader.token))).toEqual([]);
    expect(titles(await list('?owner=noSuchMember', org.reader.token))).toEqual([]);
    expect(titles(await list(`?owner=${org.editor.id}&title=gam`, org.reader.token))).toEqual(['Gamma']);
  });

  it('paginates with a true count and a stable order', async () => {
    const first = await list('?limit=3', org.reader.token);
    expectOperationResponse('listTeamsInOrganizationById', 200, first.body);
    expect(first.body.count).toBe(4);
    expect(titles(first)).toEqual(['Alpha docs', 'Beta DOCS', 'Gamma']);
    const second = await list(`?limit=3&page=${first.body.next.page}`, org.reader.token);
    expect(titles(second)).toEqual(['100%_done']);
    expect(second.body.next).toBeUndefined();
  });

  it.each([
    ['limit', '?limit=-1'],
    ['limit', '?limit=1001'],
    ['page', '?page=bogus'],
    ['title', `?title=${'t'.repeat(65)}`],
    ['title', '?title=a&title=b'],
    ['owner', '?owner='],
  ])('answers 400 naming "%s" for %s', async (field, query) => {
    expectError(await list(query, org.reader.token), 400, new RegExp(`"${field}"`));
  });
});

describe('team members', () => {
  let org: Awaited<ReturnType<typeof buildTeamsOrganization>>;
  let team: TeamBody;
  let outsider: TestUser;
  beforeAll(async () => {
    org = await buildTeamsOrganization();
    outsider = await buildUser(stack, 'outsider');
    team = await createTeam(org.id, org.admin, { title: 'Core' });
  });
  const membersPath = () => `/v1/orgs/${org.id}/teams/${team.id}/members`;
  const update = (body: unknown, token = org.admin.token) => api.put(membersPath(), body, { token });

  it('lists team members with their organization membership and team role', async () => {
    expectNoContent(await update({ add: [org.editor.email], memberships: { [org.reader.id]: { role: 'owner' } } }), 'updateMembersInOrganizationTeam');
    const res = await api.get(membersPath(), { token: org.other.token });
    expect(res.status).toBe(200);
    expectOperationResponse('listTeamMembersInOrganizationById', 200, res.body);
    expect(res.body.count).toBe(2);
    for (const item of res.body.items) {
      expectSchema('OrganizationTeamMember', item);
      expect(item.permissions).toEqual({ view: true });
    }
    const byId = Object.fromEntries((res.body.items as TeamMemberItem[]).map((m) => [m.organization.id, m]));
    expect(byId[org.editor.id]).toMatchObject({
      organization: { object: 'member', role: 'edit', user: { email: org.editor.email } },
      team: { role: 'member' },
    });
    expect(byId[org.reader.id]).toMatchObject({ organization: { role: 'read' }, team: { role: 'owner' } });
    expect((await api.get(`/v1/orgs/${org.id}/teams/${team.id}`, { token: org.other.token })).body.members).toBe(2);
  });

  it('paginates team members', async () => {
    await update({ add: [org.other.id] });
    const first = await api.get(`${membersPath()}?limit=2`, { token: org.reader.token });
    expectOperationResponse('listTeamMembersInOrganizationById', 200, first.body);
    expect(first.body).toMatchObject({ count: 3 });
    expect(first.body.items).toHaveLength(2);
    const second = await api.get(`${membersPath()}?limit=2&page=${first.body.next.page}`, { token: org.reader.token });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next).toBeUndefined();
    const all = [...first.body.items, ...second.body.items].map((m: TeamMemberItem) => m.organization.id);
    expect(new Set(all)).toEqual(new Set([org.editor.id, org.reader.id, org.other.id]));
    expect((await api.get(`${membersPath()}?limit=0`, { token: org.reader.token })).body).toEqual({ count: 3, items: [] });
    await update({ remove: [org.other.id] });
  });

  it('removes a user named in both add and remove, changes roles, and accepts an empty body', async () => {
    expectNoContent(
      await update({ add: [org.other.email, org.editor.id], remove: [org.other.id], memberships: { [org.editor.email]: { role: 'owner' } } }),
      'updateMembersInOrganizationTeam',
    );
    expect(await teamMembers(org.id, team.id, org.admin.token)).toEqual({ [org.editor.id]: 'owner', [org.reader.id]: 'owner' });
    expectNoContent(await update({ memberships: { [org.editor.id]: { role: 'member' } } }), 'updateMembersInOrganizationTeam');
    expectNoContent(await update({}), 'updateMembersInOrganizationTeam');
    expectNoContent(await api.request('PUT', membersPath(), { token: org.admin.token }), 'updateMembersInOrganizationTeam');
    expect(await teamMembers(org.id, team.id, org.admin.token)).toEqual({ [org.editor.id]: 'member', [org.reader.id]: 'owner' });
  });

  it.each([
    ['add.1', () => ({ add: [org.other.id, outsider.email] })],
    ['remove.0', () => ({ add: [org.other.id], remove: [outsider.id] })],
    ['memberships.nobody@example.com', () => ({ add: [org.other.id], memberships: { 'nobody@example.com': { role: 'member' } } })],
  ])('applies nothing and answers 400 naming "%s" when a user is not in the organization', async (field, body) => {
    expectError(await update(body()), 400, new RegExp(`"${field.replace(/\./g, '\\.')}"`));
    expect(await teamMembers(org.id, team.id, org.admin.token)).toEqual({ [org.editor.id]: 'member', [org.reader.id]: 'owner' });
  });

  it.each([
    ['add', { add: 'someone' }],
    ['add.0', { add: [42] }],
    ['remove.0', { remove: [''] }],
    ['add', { add: Array.from({ length: 1001 }, (_, i) => `u${i}`) }],
    ['memberships', { memberships: [] }],
    ['memberships.x.role', { memberships: { x: { role: 'admin' } } }],
    ['memberships.x.role', { memberships: { x: {} } }],
    ['body', { replace: [] }],
  ])('answers 400 naming "%s" for %j', async (field, body) => {
    expectError(await update(body), 400, new RegExp(`"${field.replace(/\./g, '\\.')}"|unknown field`));
  });

  it('adds or updates one member with PUT .../members/{userId}', async () => {
    const path = `${membersPath()}/${org.other.id}`;
    expectNoContent(await api.put(path, undefined, { token: org.admin.token }), 'addMemberToOrganizationTeamById');
    expect((await teamMembers(org.id, team.id, org.admin.token))[org.other.id]).toBe('member');
    expectNoContent(await api.put(path, { role: 'owner' }, { token: org.admin.token }), 'addMemberToOrganizationTeamById');
    expectNoContent(await api.put(path, {}, { token: org.admin.token }), 'addMemberToOrganizationTeamById');
    expect((await teamMembers(org.id, team.id, org.admin.token))[org.other.id]).toBe('owner');
    expectNoContent(await api.put(path, { role: 'member' }, { token: org.admin.token }), 'addMemberToOrganizationTeamById');
    expect((await teamMembers(org.id, team.id, org.admin.token))[org.other.id]).toBe('member');

    expectError(await api.put(path, { role: 'admin' }, { token: org.admin.token }), 400, /"role"/);
    expectError(await api.put(path, { role: 'owner', extra: 1 }, { token: org.admin.token }), 400, /unknown field/);
    expectError(await api.put(`${membersPath()}/${outsider.id}`, {}, { token: org.admin.token }), 404);
  });

  it('removes one member with DELETE .../members/{userId}, 204 also when they were not in the team', async () => {
    const path = `${membersPath()}/${org.other.id}`;
    expectNoContent(await api.delete(path, { token: org.admin.token }), 'deleteMemberFromOrganizationTeamById');
    expect((await teamMembers(org.id, team.id, org.admin.token))[org.other.id]).toBeUndefined();
    expectNoContent(await api.delete(path, { token: org.admin.token }), 'deleteMemberFromOrganizationTeamById');
    expectNoContent(await api.delete(`${membersPath()}/${outsider.id}`, { token: org.admin.token }), 'deleteMemberFromOrganizationTeamById');
  });

  it('lets the team owners manage members but not rename or delete the team', async () => {
    // org.reader is an owner of the team with only the read role in the organization.
    const owner = org.reader.token;
    expectNoContent(await update({ add: [org.other.id] }, owner), 'updateMembersInOrganizationTeam');
    expectNoContent(await api.put(`${membersPath()}/${org.other.id}`, { role: 'owner' }, { token: owner }), 'addMemberToOrganizationTeamById');
    expectNoContent(await api.delete(`${membersPath()}/${org.other.id}`, { token: owner }), 'deleteMemberFromOrganizationTeamById');
    expect((await api.get(`/v1/orgs/${org.id}/teams/${team.id}`, { token: owner })).body.permissions).toEqual({ admin: true, view: true });
    expectError(await api.patch(`/v1/orgs/${org.id}/teams/${team.id}`, { title: 'Mine now' }, { token: owner }), 403);
    expectError(await api.delete(`/v1/orgs/${org.id}/teams/${team.id}`, { token: owner }), 403);

    const otherTeam = await createTeam(org.id, org.admin, { title: 'Other' });
    expectError(await api.put(`/v1/orgs/${org.id}/teams/${otherTeam.id}/members`, { add: [org.other.id] }, { token: owner }), 403);
  });

  it('refuses plain team members and other members with 403', async () => {
    // org.editor is a plain member of the team; org.other is not in it.
    for (const token of [org.editor.token, org.other.token]) {
      expectError(await update({ add: [org.other.id] }, token), 403);
      expectError(await api.put(`${membersPath()}/${org.other.id}`, {}, { token }), 403);
      expectError(await api.delete(`${membersPath()}/${org.reader.id}`, { token }), 403);
    }
    expect(await teamMembers(org.id, team.id, org.admin.token)).toEqual({ [org.editor.id]: 'member', [org.reader.id]: 'owner' });
  });

  it('answers 404 for a team that is not in the organization', async () => {
    const elsewhere = await buildOrganization(stack, 'Elsewhere');
    const foreign = await createTeam(elsewhere.id, elsewhere.admin, { title: 'Foreign' });
    for (const res of [
      await api.get(`/v1/orgs/${org.id}/teams/${foreign.id}`, { token: org.admin.token }),
      await api.get(`/v1/orgs/${org.id}/teams/${foreign.id}/members`, { token: org.admin.token }),
      await api.put(`/v1/orgs/${org.id}/teams/${foreign.id}/members`, { add: [org.other.id] }, { token: org.admin.token }),
      await api.put(`/v1/orgs/${org.id}/teams/${foreign.id}/members/${org.other.id}`, {}, { token: org.admin.token }),
      await api.delete(`/v1/orgs/${org.id}/teams/${foreign.id}/members/${org.other.id}`, { token: org.admin.token }),
      await api.patch(`/v1/orgs/${org.id}/teams/${foreign.id}`, { title: 'Taken' }, { token: org.admin.token }),
      await api.delete(`/v1/orgs/${org.id}/teams/${foreign.id}`, { token: org.admin.token }),
    ]) {
      expectError(res, 404);
    }
    expect((await api.get(`/v1/orgs/${elsewhere.id}/teams/${foreign.id}`, { token: elsewhere.admin.token })).status).toBe(200);
  });
});

describe('teams for non-members', () => {
  it('answers 404 on every teams endpoint, as for a missing organization', async () => {
    const org = await buildTeamsOrganization();
    const team = await createTeam(org.id, org.admin, { title: 'Private', members: [org.editor.id] });
    const stranger = await buildUser(stack, 'stranger');
    const base = `/v1/orgs/${org.id}/teams`;
    const calls: [string, string, unknown][] = [
      ['GET', base, undefined],
      ['PUT', base, { title: 'Intruders' }],
      ['GET', `${base}/${team.id}`, undefined],
      ['PATCH', `${base}/${team.id}`, { title: 'Hijacked' }],
      ['DELETE', `${base}/${team.id}`, undefined],
      ['GET', `${base}/${team.id}/members`, undefined],
      ['PUT', `${base}/${team.id}/members`, { add: [stranger.id] }],
      ['PUT', `${base}/${team.id}/members/${org.editor.id}`, { role: 'owner' }],
      ['DELETE', `${base}/${team.id}/members/${org.editor.id}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await api.request(method, path, { token: stranger.token, body });
      expectError(res, 404, /Organization/);
    }
    expect(await teamMembers(org.id, team.id, org.admin.token)).toEqual({ [org.editor.id]: 'member' });
  });
});
