import { apiClient, expectError } from '../support/api';
import { buildMember, buildOrganization, buildUser, cli, type TestUser } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

const stack = currentStack();
const api = apiClient(stack, null);
const memberPath = (orgId: string, userId: string) => `/v1/orgs/${orgId}/members/${userId}`;

describe('GET /v1/orgs/{org}/members/{userId}', () => {
  let org: { id: string; admin: TestUser };
  let reader: TestUser;
  beforeAll(async () => {
    org = await buildOrganization(stack, 'Member reads');
    reader = await buildMember(stack, org.id, 'read');
  });

  it('answers any member with the member, validated against the reference', async () => {
    const res = await api.get(memberPath(org.id, reader.id), { token: org.admin.token });
    expect(res.status).toBe(200);
    expectOperationResponse('getMemberInOrganizationById', 200, res.body);
    expect(res.body).toMatchObject({ object: 'member', id: reader.id, role: 'read', disabled: false, sso: false, spaces: 0, teams: 0 });
    expect(res.body.user).toMatchObject({ object: 'user', id: reader.id, email: reader.email });

    const byReader = await api.get(memberPath(org.id, org.admin.id), { token: reader.token });
    expect(byReader.status).toBe(200);
    expect(byReader.body).toMatchObject({ id: org.admin.id, role: 'admin' });
  });

  it('answers 404 for a user who is not a member, and to a non-member caller', async () => {
    const stranger = await buildUser(stack, 'stranger');
    expectError(await api.get(memberPath(org.id, stranger.id), { token: org.admin.token }), 404, /Member/);
    expectError(await api.get(memberPath(org.id, 'noSuchUser'), { token: org.admin.token }), 404);
    expectError(await api.get(memberPath(org.id, reader.id), { token: stranger.token }), 404, /Organization/);
  });
});

describe('PATCH /v1/orgs/{org}/members/{userId}', () => {
  let org: { id: string; admin: TestUser };
  let member: TestUser;
  beforeAll(async () => {
    org = await buildOrganization(stack, 'Member roles');
    member = await buildMember(stack, org.id, 'read');
  });
  const patch = (body: unknown, token = org.admin.token, userId = member.id) => api.patch(memberPath(org.id, userId), body, { token });

  it('lets an admin change a role, and the change is visible', async () => {
    const res = await patch({ role: 'edit' });
    expect(res.status).toBe(200);
    expectOperationResponse('updateMemberInOrganizationById', 200, res.body);
    expect(res.body).toMatchObject({ object: 'member', id: member.id, role: 'edit' });
    expect((await api.get(memberPath(org.id, member.id), { token: member.token })).body.role).toBe('edit');
    // The new role is the caller's role at once: an edit member still cannot administer.
    expectError(await api.patch(`/v1/orgs/${org.id}`, { title: 'Nope' }, { token: member.token }), 403);
  });

  it('changes nothing without a role', async () => {
    const res = await patch({});
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('edit');
  });

  it.each([
    ['role', { role: 'owner' }, /"role"/],
    ['role', { role: null }, /"role".*guests/],
    ['role', { role: 5 }, /"role"/],
    ['body', { role: 'read', extra: true }, /unknown field/],
  ])('answers 400 naming "%s" for %j', async (_field, body, pattern) => {
    expectError(await patch(body), 400, pattern);
  });

  it('answers 403 to a member who is not an admin, 404 to a non-member and for a non-member user', async () => {
    const editor = await buildMember(stack, org.id, 'create');
    expectError(await patch({ role: 'admin' }, editor.token, editor.id), 403);
    expectError(await patch({ role: 'read' }, editor.token), 403);
    const stranger = await buildUser(stack, 'stranger');
    expectError(await patch({ role: 'read' }, stranger.token), 404, /Organization/);
    expectError(await patch({ role: 'read' }, org.admin.token, stranger.id), 404, /Member/);
  });
});

describe('DELETE /v1/orgs/{org}/members/{userId}', () => {
  let org: { id: string; admin: TestUser };
  beforeAll(async () => {
    org = await buildOrganization(stack, 'Member removal');
  });

  it('lets an admin remove a member (205), then answers 404; the removed user loses access', async () => {
    const member = await buildMember(stack, org.id, 'edit');
    const res = await api.delete(memberPath(org.id, member.id), { token: org.admin.token });
    expect(res.status).toBe(205);
    expectOperationResponse('removeMemberFromOrganizationById', 205, res.text);
    expectError(await api.get(memberPath(org.id, member.id), { token: org.admin.token }), 404);
    expectError(await api.get(`/v1/orgs/${org.id}`, { token: member.token }), 404);

    expectError(await api.delete(memberPath(org.id, member.id), { token: org.admin.token }), 404, /Member/);
  });

  it('lets any member leave (205), but not remove someone else (403)', async () => {
    const reader = await buildMember(stack, org.id, 'read');
    const other = await buildMember(stack, org.id, 'read');
    expectError(await api.delete(memberPath(org.id, other.id), { token: reader.token }), 403);
    expectError(await api.delete(memberPath(org.id, 'noSuchUser'), { token: reader.token }), 403);
    expect((await api.delete(memberPath(org.id, reader.id), { token: reader.token })).status).toBe(205);
    expectError(await api.get(`/v1/orgs/${org.id}`, { token: reader.token }), 404);
    expect((await api.get(memberPath(org.id, other.id), { token: org.admin.token })).status).toBe(200);
  });

  it('answers 404 to a non-member', async () => {
    const stranger = await buildUser(stack, 'stranger');
    expectError(await api.delete(memberPath(org.id, org.admin.id), { token: stranger.token }), 404);
    expectError(await api.delete(memberPath(org.id, stranger.id), { token: stranger.token }), 404);
  });
});

describe('the last admin', () => {
  it('cannot be demoted or removed, by themselves or anyone (409); with a second admin they can', async () => {
    const org = await buildOrganization(stack, 'Last admin');
    const path = memberPath(org.id, org.admin.id);
    expectError(await api.patch(path, { role: 'create' }, { token: org.admin.token }), 409, /last admin/);
    expectError(await api.delete(path, { token: org.admin.token }), 409, /last admin/);
    expect((await api.patch(path, { role: 'admin' }, { token: org.admin.token })).status).toBe(200);

    const second = await buildMember(stack, org.id, 'read');
    expect((await api.patch(memberPath(org.id, second.id), { role: 'admin' }, { token: org.admin.token })).status).toBe(200);
    const demoted = await api.patch(path, { role: 'read' }, { token: second.token });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('read');
    expectError(await api.delete(memberPath(org.id, second.id), { token: second.token }), 409, /last admin/);
    expect((await api.delete(path, { token: second.token })).status).toBe(205);
  });

  it('holds when two admins leave at the same time: one leaves, the other gets 409', async () => {
    const org = await buildOrganization(stack, 'Concurrent leave');
    const second = await buildMember(stack, org.id, 'admin');
    const results = await Promise.all([
      api.delete(memberPath(org.id, org.admin.id), { token: org.admin.token }),
      api.delete(memberPath(org.id, second.id), { token: second.token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([205, 409]);
    const stayed = results[0]?.status === 409 ? org.admin : second;
    const members = await api.get(`/v1/orgs/${org.id}/members`, { token: stayed.token });
    expect(members.body.items.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([[stayed.id, 'admin']]);
  });

  it('holds when two admins demote each other at the same time', async () => {
    const org = await buildOrganization(stack, 'Concurrent demotion');
    const second = await buildMember(stack, org.id, 'admin');
    const results = await Promise.all([
      api.patch(memberPath(org.id, second.id), { role: 'read' }, { token: org.admin.token }),
      api.patch(memberPath(org.id, org.admin.id), { role: 'read' }, { token: second.token }),
    ]);
    // The loser gets 409, or 403 when the winner had already demoted them before they were authorized.
    const [won, lost] = [...results].sort((a, b) => a.status - b.status);
    expect(won?.status).toBe(200);
    expect([403, 409]).toContain(lost?.status);
    const admins = await api.get(`/v1/orgs/${org.id}/members?role=admin`, { token: second.token });
    expect(admins.body.count).toBe(1);
  });
});

describe('member team counts', () => {
  it('counts the teams of a member, and removing the member removes their team memberships', async () => {
    const org = await buildOrganization(stack, 'Member teams');
    const member = await buildMember(stack, org.id, 'edit');
    for (const title of ['Writers', 'Reviewers']) {
      const team = await api.put(`/v1/orgs/${org.id}/teams`, { title, members: [member.id] }, { token: org.admin.token });
      expect(team.status).toBe(201);
    }
    expect((await api.get(memberPath(org.id, member.id), { token: org.admin.token })).body.teams).toBe(2);
    const listed = await api.get(`/v1/orgs/${org.id}/members`, { token: org.admin.token });
    expectOperationResponse('listMembersInOrganizationById', 200, listed.body);
    expect(listed.body.items.find((m: { id: string }) => m.id === member.id).teams).toBe(2);

    expect((await api.delete(memberPath(org.id, member.id), { token: org.admin.token })).status).toBe(205);
    await cli(stack, 'members', 'add', '--org', org.id, '--email', member.email, '--role', 'edit');
    const back = await api.get(memberPath(org.id, member.id), { token: org.admin.token });
    expect(back.body.teams).toBe(0);
    const teams = await api.get(`/v1/orgs/${org.id}/teams`, { token: org.admin.token });
    expect(teams.body.items.map((t: { members: number }) => t.members)).toEqual([0, 0]);
  });
});

describe('GET /v1/orgs/{org}/members?role=guest', () => {
  it('lists nobody: Quire has no guests', async () => {
    const org = await buildOrganization(stack, 'No guests');
    const res = await api.get(`/v1/orgs/${org.id}/members?role=guest`, { token: org.admin.token });
    expect(res.status).toBe(200);
    expectOperationResponse('listMembersInOrganizationById', 200, res.body);
    expect(res.body.count).toBe(0);
  });
});
