import { apiClient, expectError } from '../support/api';
import { buildMember, buildOrganization, buildUser, cli, unique, type TestUser } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

const stack = currentStack();
const api = apiClient(stack, null);
const newAddress = (prefix = 'invitee') => `${prefix}-${unique()}@example.com`;

/** The caller's role in an organization, or null when they do not belong to it. */
async function roleIn(orgId: string, user: TestUser, token: string): Promise<string | null> {
  const res = await api.get(`/v1/orgs/${orgId}/members/${user.id}`, { token });
  return res.status === 200 ? res.body.role : null;
}

describe('POST /v1/orgs/{org}/invites', () => {
  let org: { id: string; admin: TestUser };
  beforeAll(async () => {
    org = await buildOrganization(stack, 'Invites');
  });
  const invite = (body: unknown, token = org.admin.token) => api.post(`/v1/orgs/${org.id}/invites`, body, { token });

  it('adds an existing user at once and keeps an invite for an unknown address until its user exists', async () => {
    const existing = await buildUser(stack, 'existing');
    const pending = newAddress('pending');
    const res = await invite({ emails: [existing.email, pending], role: 'edit' });
    expect(res.status).toBe(200);
    expectOperationResponse('inviteUsersToOrganization', 200, res.body);
    expect(res.body).toEqual({ users: [existing.id], invited: 2 });
    expect(await roleIn(org.id, existing, org.admin.token)).toBe('edit');

    const token = await cli(stack, 'tokens', 'create', '--email', pending);
    const me = (await api.get('/v1/user', { token })).body;
    const member = await api.get(`/v1/orgs/${org.id}/members/${me.id}`, { token });
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({ role: 'edit', user: { email: pending } });
    expect((await api.get('/v1/orgs', { token })).body.items.map((o: { id: string }) => o.id)).toEqual([org.id]);
  });

  it('takes each address role, then the body role, then the organization default role, then read', async () => {
    const [a, b, c, d] = await Promise.all([buildUser(stack, 'a'), buildUser(stack, 'b'), buildUser(stack, 'c'), buildUser(stack, 'd')]);
    expect((await invite({ emails: [{ email: a.email, role: 'review' }, b.email], role: 'comment' })).body.users.sort()).toEqual([a.id, b.id].sort());
    expect(await roleIn(org.id, a, org.admin.token)).toBe('review');
    expect(await roleIn(org.id, b, org.admin.token)).toBe('comment');

    await invite({ emails: [c.email] });
    expect(await roleIn(org.id, c, org.admin.token)).toBe('read');
    expect((await api.patch(`/v1/orgs/${org.id}`, { defaultRole: 'create' }, { token: org.admin.token })).status).toBe(200);
    await invite({ emails: [d.email] });
    expect(await roleIn(org.id, d, org.admin.token)).toBe('create');
    await api.patch(`/v1/orgs/${org.id}`, { defaultRole: null }, { token: org.admin.token });
  });

  it('leaves an existing member as they are', async () => {
    const member = await buildMember(stack, org.id, 'comment');
    const res = await invite({ emails: [member.email], role: 'admin' });
    expect(res.body).toEqual({ users: [], invited: 0 });
    expect(await roleIn(org.id, member, org.admin.token)).toBe('comment');
  });

  it('matches addresses without regard to case, and a repeated invite updates the pending role', async () => {
    const pending = newAddress('Mixed');
    await invite({ emails: [pending.toUpperCase()], role: 'read' });
    await invite({ emails: [{ email: pending, role: 'review' }] });
    const token = await cli(stack, 'tokens', 'create', '--email', pending.toLowerCase());
    const me = (await api.get('/v1/user', { token })).body;
    expect((await api.get(`/v1/orgs/${org.id}/members/${me.id}`, { token })).body.role).toBe('review');
  });

  it('turns pending invites into memberships whichever way the user is created', async () => {
    const other = await buildOrganization(stack, 'Second inviter');
    const owner = newAddress('owner');
    const added = newAddress('added');
    await invite({ emails: [owner, added], role: 'comment' });
    await api.post(`/v1/orgs/${other.id}/invites`, { emails: [owner], role: 'edit' }, { token: other.admin.token });

    // `orgs create --owner` creates the owner: their invites are accepted in the same transaction.
    const ownOrg = await cli(stack, 'orgs', 'create', '--title', 'Own', '--owner', owner);
    const ownerToken = await cli(stack, 'tokens', 'create', '--email', owner);
    const roles = (await api.get('/v1/orgs?limit=10', { token: ownerToken })).body.items.map((o: { id: string; permissions: { admin: boolean } }) => [
      o.id,
      o.permissions.admin,
    ]);
    expect(roles.sort()).toEqual(
      [
        [org.id, false],
        [other.id, false],
        [ownOrg, true],
      ].sort(),
    );

    // `members add` creates the user (invite accepted), then sets the role it was given.
    const addedId = await cli(stack, 'members', 'add', '--org', org.id, '--email', added, '--role', 'review');
    expect((await api.get(`/v1/orgs/${org.id}/members/${addedId}`, { token: org.admin.token })).body.role).toBe('review');
  });

  it.each([
    ['emails', {}],
    ['emails', { emails: 'a@example.com' }],
    ['emails', { emails: [] }],
    ['emails', { emails: Array.from({ length: 101 }, (_, i) => `u${i}@example.com`) }],
    ['emails.0', { emails: ['not an address'] }],
    ['emails.0', { emails: [`${'a'.repeat(250)}@example.com`] }],
    ['emails.0', { emails: [42] }],
    ['emails.1', { emails: ['dup@example.com', 'DUP@example.com'] }],
    ['emails.0.role', { emails: [{ email: 'x@example.com', role: null }] }],
    ['emails.0.role', { emails: [{ email: 'x@example.com', role: 'owner' }] }],
    ['emails.0.email', { emails: [{ email: 'nope', role: 'read' }] }],
    ['role', { emails: ['x@example.com'], role: null }],
    ['role', { emails: ['x@example.com'], role: 'owner' }],
    ['sso', { emails: ['x@example.com'], sso: true }],
    ['sso', { emails: ['x@example.com'], sso: 'no' }],
    ['body', { emails: ['x@example.com'], extra: 1 }],
  ])('answers 400 naming "%s" for %j', async (field, body) => {
    const res = await invite(body);
    expectError(res, 400, field === 'body' ? /unknown field/ : new RegExp(`"${field.replace(/\./g, '\\.')}"`));
    expectOperationResponse('inviteUsersToOrganization', 400, res.body);
  });

  it('accepts sso: false', async () => {
    expect((await invite({ emails: [newAddress()], sso: false })).status).toBe(200);
  });

  it('answers 403 to a member who is not an admin and 404 to a non-member', async () => {
    const creator = await buildMember(stack, org.id, 'create');
    expectError(await invite({ emails: [newAddress()] }, creator.token), 403);
    const stranger = await buildUser(stack, 'stranger');
    expectError(await invite({ emails: [newAddress()] }, stranger.token), 404);
  });
});

describe('link invites', () => {
  let org: { id: string; admin: TestUser };
  let reader: TestUser;
  beforeAll(async () => {
    org = await buildOrganization(stack, 'Invite links');
    reader = await buildMember(stack, org.id, 'read');
  });
  const base = () => `/v1/orgs/${org.id}/link-invites`;
  const create = (body: unknown, token = org.admin.token) => api.post(base(), body, { token });
  const setInviteLinks = async (inviteLinks: boolean) =>
    expect((await api.patch(`/v1/orgs/${org.id}`, { inviteLinks }, { token: org.admin.token })).status).toBe(200);

  it('refuses to create while the organization has invite links off (403)', async () => {
    expectError(await create({ role: 'read' }), 403, /inviteLinks/);
  });

  it('creates, lists, reads, updates and deletes an invite link', async () => {
    await setInviteLinks(true);
    const created = await create({ role: 'edit' });
    expect(created.status).toBe(201);
    expectOperationResponse('createOrganizationInvite', 201, created.body);
    expect(created.body).toMatchObject({ object: 'invite', role: 'edit', redundant: true });
    const id: string = created.body.id;
    expect(created.body.urls.location).toMatch(new RegExp(`/v1/orgs/${org.id}/link-invites/${id}$`));
    // The link to hand out carries a secret that is not the id, and is shown only now.
    expect(created.body.urls.app).toMatch(new RegExp(`/invite/${org.id}/[0-9A-Za-z]{40}$`));
    expect(created.body.urls.app).not.toContain(id);

    const read = await api.get(`${base()}/${id}`, { token: org.admin.token });
    expect(read.status).toBe(200);
    expectOperationResponse('getOrganizationInviteLink', 200, read.body);
    expect(read.body).toEqual({ object: 'invite', id, role: 'edit', redundant: true, urls: { location: created.body.urls.location } });

    const second = await create({ role: 'admin' });
    const list = await api.get(base(), { token: org.admin.token });
    expect(list.status).toBe(200);
    expectOperationResponse('listOrganizationInviteLinks', 200, list.body);
    expect(list.body.count).toBe(2);
    expect(list.body.items.map((i: { id: string }) => i.id)).toEqual([id, second.body.id]);
    expect(list.body.items.every((i: { urls: { app?: string } }) => i.urls.app === undefined)).toBe(true);
    const page1 = await api.get(`${base()}?limit=1`, { token: org.admin.token });
    const page2 = await api.get(`${base()}?limit=1&page=${page1.body.next.page}`, { token: org.admin.token });
    expect([...page1.body.items, ...page2.body.items].map((i: { id: string }) => i.id)).toEqual([id, second.body.id]);

    const updated = await api.patch(`${base()}/${id}`, { role: 'read' }, { token: org.admin.token });
    expect(updated.status).toBe(200);
    expectOperationResponse('updateOrganizationInviteById', 200, updated.body);
    expect(updated.body).toMatchObject({ id, role: 'read' });
    expect((await api.get(`${base()}/${id}`, { token: org.admin.token })).body.role).toBe('read');

    const deleted = await api.delete(`${base()}/${id}`, { token: org.admin.token });
    expect(deleted.status).toBe(205);
    expectOperationResponse('deleteOrganizationInviteById', 205, deleted.text);
    // An invite that is gone: 404, as for every delete of something absent.
    expectError(await api.delete(`${base()}/${id}`, { token: org.admin.token }), 404, /Invite/);
    expectError(await api.get(`${base()}/${id}`, { token: org.admin.token }), 404);
    expectError(await api.patch(`${base()}/${id}`, { role: 'read' }, { token: org.admin.token }), 404);
  });

  it('keeps existing links listed when invite links are turned off, but creates no more', async () => {
    await setInviteLinks(true);
    const kept = await create({ role: 'comment' });
    await setInviteLinks(false);
    expectError(await create({ role: 'comment' }), 403);
    expect((await api.get(`${base()}/${kept.body.id}`, { token: org.admin.token })).status).toBe(200);
    await setInviteLinks(true);
  });

  it.each([
    ['role', {}],
    ['role', { role: null }],
    ['role', { role: 'owner' }],
    ['level', { level: 'read', space: 'space1' }],
    ['space', { space: 'space1', role: 'read' }],
    ['collection', { collection: 'c1', role: 'read' }],
    ['body', { role: 'read', extra: 1 }],
  ])('creation answers 400 naming "%s" for %j', async (field, body) => {
    await setInviteLinks(true);
    expectError(await create(body), 400, field === 'body' ? /unknown field/ : new RegExp(`"${field}"`));
  });

  it.each([
    ['role', {}],
    ['role', { role: null }],
    ['role', { role: 'owner' }],
    ['level', { level: 'read' }],
    ['body', { role: 'read', extra: 1 }],
  ])('update answers 400 naming "%s" for %j', async (field, body) => {
    await setInviteLinks(true);
    const { body: invite } = await create({ role: 'read' });
    expectError(
      await api.patch(`${base()}/${invite.id}`, body, { token: org.admin.token }),
      400,
      field === 'body' ? /unknown field/ : new RegExp(`"${field}"`),
    );
  });

  it('is for admins only: 403 to other members, 404 to non-members and across organizations', async () => {
    await setInviteLinks(true);
    const { body: invite } = await create({ role: 'read' });
    const path = `${base()}/${invite.id}`;
    expectError(await api.get(base(), { token: reader.token }), 403);
    expectError(await create({ role: 'read' }, reader.token), 403);
    expectError(await api.get(path, { token: reader.token }), 403);
    expectError(await api.patch(path, { role: 'admin' }, { token: reader.token }), 403);
    expectError(await api.delete(path, { token: reader.token }), 403);

    const stranger = await buildUser(stack, 'stranger');
    expectError(await api.get(base(), { token: stranger.token }), 404);
    expectError(await api.get(path, { token: stranger.token }), 404);
    expectError(await api.delete(path, { token: stranger.token }), 404);

    const other = await buildOrganization(stack, 'Other links');
    expectError(await api.get(`/v1/orgs/${other.id}/link-invites/${invite.id}`, { token: other.admin.token }), 404);
    expectError(await api.delete(`/v1/orgs/${other.id}/link-invites/${invite.id}`, { token: other.admin.token }), 404);
    expect((await api.get(path, { token: org.admin.token })).status).toBe(200);
  });
});
