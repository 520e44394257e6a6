import { apiClient, expectError, type ApiClient, type ApiResponse } from '../support/api';
import { buildMember, buildOrganization, buildUser, unique, type TestUser } from '../support/factories';
import { expectOperationResponse, validateOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Hostile-input regression tests for the identity service: NUL in stored texts, ids and filters
// (A1, A2), lengths in code points (A7), `limit=0` (A8), 404 for deleting what does not exist
// (A9), SAML providers without empty strings (A13), e-mail domain organizations of the caller (A16),
// and the common role rule's answers (B2). The bracketed labels name the describe blocks below.

const stack = currentStack();
const EMOJI = '\u{1F600}';

let orgId: string;
let admin: TestUser;
let reader: TestUser;
let api: ApiClient;

beforeAll(async () => {
  ({ id: orgId, admin } = await buildOrganization(stack, 'Identity hardening org'));
  reader = await buildMember(stack, orgId, 'read');
  api = apiClient(stack, admin.token);
});

const orgPath = () => `/v1/orgs/${orgId}`;

async function createTeam(title: string): Promise<{ id: string }> {
  const res = await api.put(`${orgPath()}/teams`, { title });
  expect(res.status).toBe(201);
  expectOperationResponse('createOrganizationTeam', 201, res.body);
  return res.body;
}

async function createSamlProvider(label: string): Promise<{ id: string }> {
  const res = await api.post(`${orgPath()}/saml`, { label });
  expect(res.status).toBe(201);
  return res.body;
}

/** A 400 naming `field` because of the NUL character. */
function expectNul(res: ApiResponse, field: string): void {
  expectError(res, 400, new RegExp(`"${field.replace(/\./g, '\\.')}".*NUL`));
}

describe('NUL characters (A1, A2)', () => {
  it('refuses NUL in organization fields with 400 naming the field', async () => {
    expectNul(await api.patch(orgPath(), { title: 'a\u0000b' }), 'title');
    expectNul(await api.patch(orgPath(), { emailDomains: ['example.com', 'a\u0000.com'] }), 'emailDomains.1');
    expectNul(
      await api.patch(orgPath(), { mergeRules: { type: 'rules', rules: [{ rule: 'custom', expression: 'x\u0000' }] } }),
      'mergeRules.rules.0.expression',
    );
    expect((await api.get(orgPath())).body.title).toBe('Identity hardening org');
  });

  it('refuses NUL in team titles and member identifiers', async () => {
    expectNul(await api.put(`${orgPath()}/teams`, { title: 'a\u0000b' }), 'title');
    expectNul(await api.put(`${orgPath()}/teams`, { title: 'Team', members: ['a\u0000@example.com'] }), 'members.0');
    const team = await createTeam('NUL team');
    expectNul(await api.patch(`${orgPath()}/teams/${team.id}`, { title: 'a\u0000b' }), 'title');
    expectNul(await api.put(`${orgPath()}/teams/${team.id}/members`, { add: [reader.id, 'x\u0000'] }), 'add.1');
    expectNul(
      await api.put(`${orgPath()}/teams/${team.id}/members`, { memberships: { [reader.id]: { role: 'own\u0000er' } } }),
      `memberships.${reader.id}.role`,
    );
    expectNul(await api.put(`${orgPath()}/teams/${team.id}/members/${reader.id}`, { role: 'member\u0000' }), 'role');
  });

  it('refuses NUL in every SAML provider field', async () => {
    for (const field of ['label', 'entityID', 'certificate', 'ssoURL', 'defaultTeam', 'defaultRole']) {
      expectNul(await api.post(`${orgPath()}/saml`, { label: 'Okta', [field]: 'a\u0000b' }), field);
    }
    const provider = await createSamlProvider('NUL provider');
    for (const field of ['label', 'entityID', 'certificate', 'ssoURL']) {
      expectNul(await api.patch(`${orgPath()}/saml/${provider.id}`, { [field]: 'a\u0000b' }), field);
    }
  });

  it('refuses NUL in invite e-mails and member roles', async () => {
    expectNul(await api.post(`${orgPath()}/invites`, { emails: ['a\u0000@example.com'] }), 'emails.0');
    expectNul(await api.post(`${orgPath()}/invites`, { emails: [{ email: 'a\u0000@example.com', role: 'read' }] }), 'emails.0.email');
    expectNul(await api.post(`${orgPath()}/invites`, { emails: ['a@example.com'], role: 'read\u0000' }), 'role');
    expectNul(await api.patch(`${orgPath()}/members/${reader.id}`, { role: 'ad\u0000min' }), 'role');
    expectNul(await api.post(`${orgPath()}/link-invites`, { role: 'read\u0000' }), 'role');
    expect((await api.get(`${orgPath()}/members/${reader.id}`)).body.role).toBe('read');
  });

  it('answers %00 in a query filter with 400', async () => {
    for (const query of ['search=%00', 'role=%00', 'sort=%00', 'page=%00', 'limit=%00']) {
      expectError(await api.get(`${orgPath()}/members?${query}`), 400);
    }
    for (const query of ['owner=%00', 'title=%00', 'owner=a%00b']) {
      expectError(await api.get(`${orgPath()}/teams?${query}`), 400);
    }
  });

  it('answers %00 in a path id with 404', async () => {
    const team = await createTeam('Path ids');
    const paths: [string, string, unknown?][] = [
      ['GET', '/v1/orgs/%00'],
      ['PATCH', '/v1/orgs/%00', { title: 'Renamed' }],
      ['GET', '/v1/orgs/%00/members'],
      ['GET', '/v1/users/%00'],
      ['GET', '/v1/email-domains/%00/orgs'],
      ['GET', `${orgPath()}/members/%00`],
      ['PATCH', `${orgPath()}/members/%00`, { role: 'read' }],
      ['DELETE', `${orgPath()}/members/%00`],
      ['GET', `${orgPath()}/teams/%00`],
      ['PATCH', `${orgPath()}/teams/%00`, { title: 'Renamed' }],
      ['DELETE', `${orgPath()}/teams/%00`],
      ['GET', `${orgPath()}/teams/%00/members`],
      ['PUT', `${orgPath()}/teams/${team.id}/members/%00`, {}],
      ['DELETE', `${orgPath()}/teams/${team.id}/members/%00`],
      ['GET', `${orgPath()}/saml/%00`],
      ['PATCH', `${orgPath()}/saml/%00`, { label: 'Renamed' }],
      ['DELETE', `${orgPath()}/saml/%00`],
      ['GET', `${orgPath()}/link-invites/%00`],
      ['PATCH', `${orgPath()}/link-invites/%00`, { role: 'read' }],
      ['DELETE', `${orgPath()}/link-invites/%00`],
    ];
    for (const [method, path, body] of paths) {
      const res = await api.request(method, path, body === undefined ? {} : { body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
      expectError(res, 404);
    }
  });
});

describe('lengths in code points (A7)', () => {
  it('counts an emoji as one character in a team title (1..64)', async () => {
    const team = await createTeam(EMOJI.repeat(64));
    expect((await api.get(`${orgPath()}/teams/${team.id}`)).body.title).toBe(EMOJI.repeat(64));
    expectError(await api.patch(`${orgPath()}/teams/${team.id}`, { title: EMOJI.repeat(65) }), 400, /"title".*at most 64/);
  });

  it('takes 30 emoji as a SAML label (at most 30) and refuses 31', async () => {
    const res = await api.post(`${orgPath()}/saml`, { label: EMOJI.repeat(30) });
    expect(res.status).toBe(201);
    expect(res.body.label).toBe(EMOJI.repeat(30));
    expectError(await api.post(`${orgPath()}/saml`, { label: EMOJI.repeat(31) }), 400, /"label".*at most 30/);
  });

  it('refuses one emoji as an organization title (at least 2) and takes two', async () => {
    expectError(await api.patch(orgPath(), { title: EMOJI }), 400, /"title".*at least 2/);
    const res = await api.patch(orgPath(), { title: EMOJI.repeat(2) });
    expect(res.status).toBe(200);
    expectOperationResponse('updateOrganizationById', 200, res.body);
    expect((await api.patch(orgPath(), { title: 'Identity hardening org' })).status).toBe(200);
  });
});

describe('limit=0 (A8)', () => {
  it('answers no items with the true count on every identity list', async () => {
    const team = await createTeam('Limit zero');
    expect((await api.put(`${orgPath()}/teams/${team.id}/members/${reader.id}`, {})).status).toBe(204);
    await createSamlProvider('Limit zero');
    const lists: [string, string][] = [
      ['/v1/orgs', 'listOrganizationsForAuthenticatedUser'],
      [`${orgPath()}/members`, 'listMembersInOrganizationById'],
      [`${orgPath()}/teams`, 'listTeamsInOrganizationById'],
      [`${orgPath()}/teams/${team.id}/members`, 'listTeamMembersInOrganizationById'],
      [`${orgPath()}/saml`, 'listSAMLProvidersInOrganizationById'],
      [`${orgPath()}/link-invites`, 'listOrganizationInviteLinks'],
    ];
    for (const [path, operationId] of lists) {
      const none = await api.get(`${path}?limit=0`);
      expect({ path, status: none.status }).toEqual({ path, status: 200 });
      expectOperationResponse(operationId, 200, none.body);
      expect(none.body.items).toEqual([]);
      expect(none.body.next).toBeUndefined();
      expect(none.body.count).toBe((await api.get(path)).body.count);
    }
    expect((await api.get(`${orgPath()}/members?limit=0`)).body.count).toBe(2);
    expectError(await api.get(`${orgPath()}/members?limit=1001`), 400, /"limit"/);
  });
});

describe('deleting what does not exist (A9)', () => {
  it('answers 404 with the error shape for a team, SAML provider, member and link invite that do not exist', async () => {
    expectError(await api.delete(`${orgPath()}/teams/noSuchTeam`), 404, /Team noSuchTeam not found/);
    expectError(await api.delete(`${orgPath()}/saml/noSuchProvider`), 404, /SAML provider noSuchProvider not found/);
    expectError(await api.delete(`${orgPath()}/members/noSuchUser`), 404, /Member noSuchUser not found/);
    expectError(await api.delete(`${orgPath()}/link-invites/noSuchInvite`), 404, /Invite noSuchInvite not found/);
  });

  it('still deletes what exists (204/205), then answers 404', async () => {
    const team = await createTeam('Deleted twice');
    expect((await api.delete(`${orgPath()}/teams/${team.id}`)).status).toBe(204);
    expectError(await api.delete(`${orgPath()}/teams/${team.id}`), 404);

    const provider = await createSamlProvider('Deleted twice');
    expect((await api.delete(`${orgPath()}/saml/${provider.id}`)).status).toBe(204);
    expectError(await api.delete(`${orgPath()}/saml/${provider.id}`), 404);

    const member = await buildMember(stack, orgId, 'edit');
    const removed = await api.delete(`${orgPath()}/members/${member.id}`);
    expect(removed.status).toBe(205);
    expectOperationResponse('removeMemberFromOrganizationById', 205, removed.text);
    expectError(await api.delete(`${orgPath()}/members/${member.id}`), 404);

    expect((await api.patch(orgPath(), { inviteLinks: true })).status).toBe(200);
    const invite = await api.post(`${orgPath()}/link-invites`, { role: 'read' });
    expect(invite.status).toBe(201);
    const deleted = await api.delete(`${orgPath()}/link-invites/${invite.body.id}`);
    expect(deleted.status).toBe(205);
    expectOperationResponse('deleteOrganizationInviteById', 205, deleted.text);
    expectError(await api.delete(`${orgPath()}/link-invites/${invite.body.id}`), 404);
  });

  it('keeps 404 for non-members and 403 (the common rule) for members without the role', async () => {
    const outsider = await buildUser(stack, 'outsider');
    expectError(await api.delete(`${orgPath()}/teams/noSuchTeam`, { token: outsider.token }), 404, /Organization .* not found/);
    expectError(await api.delete(`${orgPath()}/teams/noSuchTeam`, { token: reader.token }), 403, /needs the admin role or higher \(you have read\)/);
    expectError(await api.patch(orgPath(), { title: 'Mine now' }, { token: reader.token }), 403, /needs the admin role/);
  });
});

describe('SAML providers created from a label', () => {
  // Left out at first, the three unset fields broke the reference's shape for an
  // official-client consumer. A pending provider now answers placeholders (docs/identity.md), never
  // a value that looks configured: `status` says it is pending.
  it('answers the reference shape with placeholders until the identity provider is set', async () => {
    const res = await api.post(`${orgPath()}/saml`, { label: 'Only a label' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', ssoURL: 'about:blank', entityID: '', certificate: '' });
    expect(validateOperationResponse('createOrganizationSAMLProvider', 201, res.body)).toEqual([]);

    const ssoURL = 'https://idp.example.com/sso/saml';
    const patched = await api.patch(`${orgPath()}/saml/${res.body.id}`, { ssoURL });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ ssoURL, entityID: '' });

    const list = await api.get(`${orgPath()}/saml`);
    expect(list.body.items.map((p: { id: string }) => p.id)).toContain(res.body.id);
    expect(validateOperationResponse('listSAMLProvidersInOrganizationById', 200, list.body)).toEqual([]);
  });
});

describe('e-mail domain organizations of the caller (A16)', () => {
  it("lists the caller's own organizations that claim a domain that is not theirs, and nothing else", async () => {
    const domain = `claimed${unique()}.example.org`;
    expect((await api.patch(orgPath(), { emailDomains: [domain] })).status).toBe(200);
    const foreign = await buildOrganization(stack, 'Claims it too');
    expect((await apiClient(stack, foreign.admin.token).patch(`/v1/orgs/${foreign.id}`, { emailDomains: [domain] })).status).toBe(200);

    // The admin's address is at example.com: the domain is not theirs, their organization claims it.
    const res = await api.get(`/v1/email-domains/${domain}/orgs`);
    expect(res.status).toBe(200);
    expectOperationResponse('getOrganizationsForEmailDomain', 200, res.body);
    expect(res.body.organizations.map((o: { id: string }) => o.id)).toEqual([orgId]);
    expect(res.body.organizations[0]).toMatchObject({ permissions: { view: true, admin: true } });

    // A reader sees their organization too, with their permissions; a non-member sees nothing.
    const asReader = await api.get(`/v1/email-domains/${domain}/orgs`, { token: reader.token });
    expect(asReader.body.organizations.map((o: { id: string }) => o.id)).toEqual([orgId]);
    expect(asReader.body.organizations[0]).toMatchObject({ permissions: { view: true, admin: false } });
    const outsider = await buildUser(stack, 'outsider');
    expect((await api.get(`/v1/email-domains/${domain}/orgs`, { token: outsider.token })).body).toEqual({ organizations: [] });
    expect((await api.patch(orgPath(), { emailDomains: [] })).status).toBe(200);
  });
});
