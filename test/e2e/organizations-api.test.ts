import { GitBookAPI } from 'gitbook-api-0202';
import { apiClient, expectError } from '../support/api';
import { buildMember, buildOrganization, buildUser, cli, unique } from '../support/factories';
import { eventually } from '../support/eventually';
import { inviteAppUrl } from '../support/client-0202';
import { validateOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// createOrganization, joinOrganization, joinOrganizationWithInvite, listTeamsForOrganizationMember,
// updateOrganizationMemberLastSeenAt and updateUserById, through today's client (0.202.0).
const stack = currentStack();
const api = apiClient(stack, null);
const client = (token: string) => new GitBookAPI({ authToken: token, endpoint: stack.url });
const today = { reference: '0.202.0' as const };
const valid = (operationId: string, status: number, body: unknown) => expect(validateOperationResponse(operationId, status, body, today)).toEqual([]);

describe('createOrganization', () => {
  it('makes the caller the admin of the new organization and answers 201 with its location', async () => {
    const creator = await buildUser(stack, 'creator');
    const domain = `c${unique()}.example.org`;
    const res = await api.post('/v1/orgs', { title: '  Acme Docs  ', emailDomains: [domain.toUpperCase()] }, { token: creator.token });
    expect(res.status).toBe(201);
    valid('createOrganization', 201, res.body);
    expect(res.body).toMatchObject({ object: 'organization', title: 'Acme Docs', emailDomains: [domain], permissions: { admin: true, view: true } });
    expect(res.headers.get('location')).toBe(`${stack.url}/v1/orgs/${res.body.id}`);

    const members = await client(creator.token).orgs.listMembersInOrganizationById(res.body.id);
    valid('listMembersInOrganizationById', 200, members.data);
    expect(members.data.items.map((m) => [m.id, m.role])).toEqual([[creator.id, 'admin']]);
    const mine = await client(creator.token).orgs.listOrganizationsForAuthenticatedUser();
    expect(mine.data.items.map((o) => o.id)).toContain(res.body.id);
  });

  it('creates the default site when asked (withDefaultSite), and none otherwise', async () => {
    const creator = await buildUser(stack, 'creator');
    const { data: org } = await client(creator.token).orgs.createOrganization({ title: 'With a site' }, { withDefaultSite: true });
    valid('createOrganization', 201, org);
    let sites: { title: string; type: string }[] = [];
    await eventually(async () => {
      sites = (await api.get(`/v1/orgs/${org.id}/sites`, { token: creator.token })).body.items;
      return sites.length > 0;
    });
    expect(sites).toMatchObject([{ title: 'With a site', type: 'basic' }]);

    const { data: bare } = await client(creator.token).orgs.createOrganization({ title: 'Without a site' });
    // Created after the other one's site: once that one is there, this one would be too.
    await eventually(async () => (await api.get(`/v1/orgs/${org.id}/sites`, { token: creator.token })).body.items.length === 1);
    expect((await api.get(`/v1/orgs/${bare.id}/sites`, { token: creator.token })).body.items).toEqual([]);
  });

  it('answers 400 naming the field for a bad title or e-mail domain, and 401 without a token', async () => {
    const creator = await buildUser(stack, 'creator');
    expectError(await api.post('/v1/orgs', { title: 'x' }, { token: creator.token }), 400, /"title"/);
    expectError(await api.post('/v1/orgs', { title: 'Fine', emailDomains: ['not a domain'] }, { token: creator.token }), 400, /emailDomains/);
    expectError(await api.post('/v1/orgs', { title: 'Fine' }), 401);
  });
});

describe('joinOrganization', () => {
  it('lets a user of a claimed e-mail domain join with the default role, once; 400 for another domain, 404 for no organization', async () => {
    const org = await buildOrganization(stack, 'Claims a domain');
    const domain = `j${unique()}.example.org`;
    expect((await api.patch(`/v1/orgs/${org.id}`, { emailDomains: [domain], defaultRole: 'comment' }, { token: org.admin.token })).status).toBe(200);
    const colleague = await cli(stack, 'tokens', 'create', '--email', `colleague@${domain}`);
    const joined = await api.post(`/v1/orgs/${org.id}/join`, undefined, { token: colleague });
    expect(joined.status).toBe(204);
    expect(joined.text).toBe('');
    await client(colleague).orgs.joinOrganization(org.id);
    const me = (await api.get('/v1/user', { token: colleague })).body.id as string;
    const member = await client(org.admin.token).orgs.getMemberInOrganizationById(org.id, me);
    valid('getMemberInOrganizationById', 200, member.data);
    expect(member.data.role).toBe('comment');

    const stranger = await buildUser(stack, 'stranger');
    const refused = await api.post(`/v1/orgs/${org.id}/join`, undefined, { token: stranger.token });
    expectError(refused, 400, /e-mail domain example\.com is not one organization/);
    valid('joinOrganization', 400, refused.body);
    expectError(await api.get(`/v1/orgs/${org.id}/members`, { token: stranger.token }), 404);
    const missing = await api.post(`/v1/orgs/nope${unique()}/join`, undefined, { token: stranger.token });
    expectError(missing, 404);
    valid('joinOrganization', 404, missing.body);
  });
});

describe('joinOrganizationWithInvite', () => {
  it("joins with the invite link's role, given the link's secret; 404 for its id or a wrong secret", async () => {
    const org = await buildOrganization(stack, 'Invites by link');
    expect((await api.patch(`/v1/orgs/${org.id}`, { inviteLinks: true }, { token: org.admin.token })).status).toBe(200);
    const { data: invite } = await client(org.admin.token).orgs.createOrganizationInvite(org.id, { role: 'edit' as never });
    const secret = inviteAppUrl(invite).split('/').pop() as string;
    const guest = await buildUser(stack, 'invited');
    expectError(await api.post(`/v1/orgs/${org.id}/invites/${invite.id}`, undefined, { token: guest.token }), 404);
    expectError(await api.post(`/v1/orgs/${org.id}/invites/${secret}x`, undefined, { token: guest.token }), 404);

    const res = await client(guest.token).orgs.joinOrganizationWithInvite(org.id, secret);
    expect(res.status).toBe(200);
    valid('joinOrganizationWithInvite', 200, res.data);
    expect(res.data).toEqual({});
    expect((await client(org.admin.token).orgs.getMemberInOrganizationById(org.id, guest.id)).data.role).toBe('edit');
    // Joining again changes nothing: an admin who uses the link stays admin.
    await client(org.admin.token).orgs.joinOrganizationWithInvite(org.id, secret);
    expect((await client(org.admin.token).orgs.getMemberInOrganizationById(org.id, org.admin.id)).data.role).toBe('admin');
  });
});

describe('updateOrganizationMemberLastSeenAt', () => {
  it("records the caller's activity, visible as lastSeenAt in the member listing; 404 for a non-member", async () => {
    const org = await buildOrganization(stack, 'Pings');
    const member = await buildMember(stack, org.id, 'read');
    const before = await client(org.admin.token).orgs.getMemberInOrganizationById(org.id, member.id);
    expect(before.data.lastSeenAt).toBeUndefined();
    const res = await client(member.token).orgs.updateOrganizationMemberLastSeenAt(org.id);
    expect(res.status).toBe(200);
    valid('updateOrganizationMemberLastSeenAt', 200, res.data);
    const seen = await client(org.admin.token).orgs.listMembersInOrganizationById(org.id, { sort: 'lastSeenAt' as never });
    valid('listMembersInOrganizationById', 200, seen.data);
    expect(seen.data.items.map((m) => m.id)).toEqual([member.id]);
    expect(Date.parse(String(seen.data.items[0]?.lastSeenAt))).toBeGreaterThan(Date.now() - 60_000);
    const outsider = await buildUser(stack, 'outsider');
    expectError(await api.post(`/v1/orgs/${org.id}/ping`, undefined, { token: outsider.token }), 404);
  });
});

describe('listTeamsForOrganizationMember', () => {
  it("lists a member's teams with their team role, filtered by title; 404 for an outsider or a non-member", async () => {
    const org = await buildOrganization(stack, 'Teams of a member');
    const member = await buildMember(stack, org.id, 'edit');
    const reader = await buildMember(stack, org.id, 'read');
    const admin = client(org.admin.token);
    const { data: writers } = await admin.orgs.createOrganizationTeam(org.id, { title: 'Writers', members: [member.id] });
    const { data: owners } = await admin.orgs.createOrganizationTeam(org.id, { title: 'Owners', members: [] });
    await admin.orgs.createOrganizationTeam(org.id, { title: 'Others', members: [reader.id] });
    await admin.orgs.addMemberToOrganizationTeamById(org.id, owners.id, member.id, { role: 'owner' as never });

    const res = await client(reader.token).orgs.listTeamsForOrganizationMember(org.id, member.id);
    valid('listTeamsForOrganizationMember', 200, res.data);
    expect(res.data.items.map((i) => [i.team.id, i.team.title, i.member.role])).toEqual([
      [writers.id, 'Writers', 'member'],
      [owners.id, 'Owners', 'owner'],
    ]);
    const filtered = await client(reader.token).orgs.listTeamsForOrganizationMember(org.id, member.id, { title: 'OWN' });
    expect(filtered.data.items.map((i) => i.team.id)).toEqual([owners.id]);
    const paged = await admin.orgs.listTeamsForOrganizationMember(org.id, member.id, { limit: 1 });
    expect(paged.data.items).toHaveLength(1);
    expect(paged.data.next?.page).toEqual(expect.any(String));

    const outsider = await buildUser(stack, 'outsider');
    expectError(await api.get(`/v1/orgs/${org.id}/members/${member.id}/teams`, { token: outsider.token }), 404);
    expectError(await api.get(`/v1/orgs/${org.id}/members/${outsider.id}/teams`, { token: org.admin.token }), 404);
  });
});

describe('updateUserById', () => {
  it("changes the caller's own name and photo; another user's account is a 404; an empty body a 400", async () => {
    const user = await buildUser(stack, 'renamed');
    const res = await client(user.token).users.updateUserById(user.id, { displayName: 'Ada Lovelace', photoURL: 'https://example.com/ada.png' });
    valid('updateUserById', 200, res.data);
    expect(res.data).toMatchObject({ object: 'user', id: user.id, displayName: 'Ada Lovelace', photoURL: 'https://example.com/ada.png' });
    expect((await api.get('/v1/user', { token: user.token })).body).toMatchObject({ displayName: 'Ada Lovelace' });

    const org = await buildOrganization(stack, 'Colleagues');
    const colleague = await buildMember(stack, org.id, 'read');
    const other = await api.patch(`/v1/users/${colleague.id}`, { displayName: 'Hijacked' }, { token: org.admin.token });
    expectError(other, 404);
    valid('updateUserById', 404, other.body);
    expect((await api.get(`/v1/users/${colleague.id}`, { token: org.admin.token })).body.displayName).not.toBe('Hijacked');
    expectError(await api.patch(`/v1/users/${user.id}`, {}, { token: user.token }), 400, /displayName, photoURL/);
    expectError(await api.patch(`/v1/users/${user.id}`, { displayName: 'x'.repeat(65) }, { token: user.token }), 400, /"displayName"/);
  });
});
