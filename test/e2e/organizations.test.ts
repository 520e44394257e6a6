import { apiClient, expectError } from '../support/api';
import { expectOperationResponse, expectSchema } from '../support/reference';
import { currentStack, runCli } from '../support/stack';

const stack = currentStack();
const api = apiClient(stack);

async function cli(...args: string[]): Promise<string> {
  const result = await runCli(stack, args);
  if (result.code !== 0) throw new Error(`cli ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout.trim();
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

describe('users', () => {
  it('GET /v1/user answers the caller', async () => {
    const res = await api.get('/v1/user');
    expect(res.status).toBe(200);
    expectOperationResponse('getAuthenticatedUser', 200, res.body);
    expect(res.body).toMatchObject({ object: 'user', email: 'admin@quire.local' });
    expect(res.body.urls.location).toBe(`${stack.url}/v1/users/${res.body.id}`);
  });

  it('GET /v1/users/{id} answers a user who shares an organization, 404 otherwise', async () => {
    const email = `colleague-${unique()}@example.com`;
    const colleagueId = await cli('members', 'add', '--org', stack.organizationId, '--email', email, '--role', 'read');
    const res = await api.get(`/v1/users/${colleagueId}`);
    expect(res.status).toBe(200);
    expectOperationResponse('getUserById', 200, res.body);
    expect(res.body).toMatchObject({ id: colleagueId, email });

    const strangerToken = await cli('tokens', 'create', '--email', `stranger-${unique()}@example.com`);
    expectError(await api.get(`/v1/users/${colleagueId}`, { token: strangerToken }), 404);
    expectError(await api.get('/v1/users/doesNotExist'), 404);
  });
});

describe('organizations', () => {
  it('GET /v1/orgs lists the bootstrap organization', async () => {
    const res = await api.get('/v1/orgs');
    expect(res.status).toBe(200);
    expectOperationResponse('listOrganizationsForAuthenticatedUser', 200, res.body);
    expect(res.body.items.map((o: { id: string }) => o.id)).toContain(stack.organizationId);
  });

  it('GET /v1/orgs/{id} answers a member and validates against the reference', async () => {
    const res = await api.get(`/v1/orgs/${stack.organizationId}`);
    expect(res.status).toBe(200);
    expectOperationResponse('getOrganizationById', 200, res.body);
    expect(res.body).toMatchObject({ object: 'organization', id: stack.organizationId, permissions: { admin: true, createContent: true } });
  });

  it('answers false, even to an admin, for what Quire does not offer: integrations, billing, conversation ingest', async () => {
    const res = await api.get(`/v1/orgs/${stack.organizationId}`);
    expect(res.body.permissions).toMatchObject({
      admin: true,
      listIntegrations: false,
      listInstallations: false,
      installIntegration: false,
      viewBilling: false,
      ingestConversations: false,
    });
    // The integrations the permissions would open are not hosted: a 404 that says so, with or without a token.
    for (const token of [stack.token, null]) {
      for (const path of ['/v1/integrations', `/v1/orgs/${stack.organizationId}/integrations`, '/v1/integrations/slack/installations']) {
        expectError(await api.get(path, { token }), 404, /^Quire does not host integrations/);
      }
    }
  });

  it('paginates GET /v1/orgs across pages with opaque tokens and a true count', async () => {
    const email = `paging-${unique()}@example.com`;
    const token = await cli('tokens', 'create', '--email', email);
    const created: string[] = [];
    for (let i = 0; i < 3; i++) created.push(await cli('orgs', 'create', '--title', `Paging ${i}`, '--owner', email));

    const seen: string[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const res = await api.get(`/v1/orgs?limit=2${page ? `&page=${encodeURIComponent(page)}` : ''}`, { token });
      expect(res.status).toBe(200);
      expectOperationResponse('listOrganizationsForAuthenticatedUser', 200, res.body);
      expect(res.body.count).toBe(3);
      seen.push(...res.body.items.map((o: { id: string }) => o.id));
      page = res.body.next?.page;
      pages++;
    } while (page);
    expect(pages).toBe(2);
    expect(seen.sort()).toEqual(created.sort());
  });

  it.each([['1001'], ['-1'], ['abc'], ['1.5']])('answers 400 naming "limit" for limit=%s', async (limit) => {
    expectError(await api.get(`/v1/orgs?limit=${limit}`), 400, /"limit"/);
  });

  it('answers 400 naming "page" for a page token it did not issue', async () => {
    expectError(await api.get('/v1/orgs?page=notAToken'), 400, /"page"/);
    expectError(await api.get(`/v1/orgs?page=${Buffer.from('{"v":1,"o":-5}').toString('base64url')}`), 400, /"page"/);
  });

  it('answers 404 to a non-member, the same as for a missing organization', async () => {
    const outsider = await cli('tokens', 'create', '--email', `outsider-${unique()}@example.com`);
    const notMember = await api.get(`/v1/orgs/${stack.organizationId}`, { token: outsider });
    const missing = await api.get('/v1/orgs/noSuchOrganization00', { token: outsider });
    expectError(notMember, 404);
    expectError(missing, 404);
    expect(notMember.body.error.message.replace(stack.organizationId, 'X')).toBe(missing.body.error.message.replace('noSuchOrganization00', 'X'));
    expectError(await api.patch(`/v1/orgs/${stack.organizationId}`, { title: 'Hijacked' }, { token: outsider }), 404);
    expectError(await api.get(`/v1/orgs/${stack.organizationId}/members`, { token: outsider }), 404);
  });

  it('answers 403 to a read member on PATCH, and lets them read', async () => {
    const email = `reader-${unique()}@example.com`;
    await cli('members', 'add', '--org', stack.organizationId, '--email', email, '--role', 'read');
    const token = await cli('tokens', 'create', '--email', email);
    expectError(await api.patch(`/v1/orgs/${stack.organizationId}`, { title: 'Not allowed' }, { token }), 403);
    const read = await api.get(`/v1/orgs/${stack.organizationId}`, { token });
    expect(read.status).toBe(200);
    expect(read.body.permissions).toMatchObject({ view: true, admin: false, createContent: false });
  });
});

describe('PATCH /v1/orgs/{id}', () => {
  let orgId: string;
  let token: string;
  beforeAll(async () => {
    const email = `patcher-${unique()}@example.com`;
    token = await cli('tokens', 'create', '--email', email);
    orgId = await cli('orgs', 'create', '--title', 'Patch me', '--owner', email);
  });
  const patch = (body: unknown) => api.patch(`/v1/orgs/${orgId}`, body, { token });

  it('changes every field of the spec and returns the organization', async () => {
    const hostname = `h${unique()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 20)}`;
    const body = {
      title: 'Renamed organization',
      emailDomains: ['Example.com', 'docs.example.org'],
      hostname,
      defaultRole: 'edit',
      defaultContent: { type: 'site', site: 'site123' },
      logo: 'https://example.com/logo.png',
      sso: true,
      ai: true,
      inviteLinks: true,
      mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] },
    };
    const res = await patch(body);
    expect(res.status).toBe(200);
    expectOperationResponse('updateOrganizationById', 200, res.body);
    expect(res.body).toMatchObject({
      title: 'Renamed organization',
      emailDomains: ['example.com', 'docs.example.org'],
      hostname,
      defaultRole: 'edit',
      defaultContent: { type: 'site', site: 'site123' },
      sso: true,
      ai: true,
      inviteLinks: true,
      mergeRules: body.mergeRules,
      urls: { logo: 'https://example.com/logo.png' },
    });
    const again = await api.get(`/v1/orgs/${orgId}`, { token });
    expect(again.body).toMatchObject({ title: 'Renamed organization', hostname, sso: true });
  });

  it('removes nullable fields with null', async () => {
    const res = await patch({ defaultRole: null, defaultContent: null, logo: null });
    expect(res.status).toBe(200);
    expectSchema('Organization', res.body);
    expect(res.body.defaultRole).toBeNull();
    expect(res.body.defaultContent).toBeUndefined();
    expect(res.body.urls.logo).toBeUndefined();
  });

  it.each([
    ['title', { title: 'x' }],
    ['title', { title: 'x'.repeat(256) }],
    ['title', { title: 42 }],
    ['emailDomains', { emailDomains: 'example.com' }],
    ['emailDomains.0', { emailDomains: ['not a domain'] }],
    ['hostname', { hostname: 'ab' }],
    ['hostname', { hostname: 'a'.repeat(33) }],
    ['hostname', { hostname: 'Has_Upper' }],
    ['defaultRole', { defaultRole: 'owner' }],
    ['defaultContent', { defaultContent: { type: 'space', site: 'x' } }],
    ['logo', { logo: 'not a url' }],
    ['logo', { logo: `https://example.com/${'a'.repeat(2048)}` }],
    ['sso', { sso: 'yes' }],
    ['ai', { ai: 1 }],
    ['inviteLinks', { inviteLinks: null }],
    ['mergeRules', { mergeRules: { type: 'sometimes' } }],
    ['body', { unknownField: true }],
  ])('answers 400 naming "%s" for %j', async (field, body) => {
    const res = await patch(body);
    expectError(res, 400, new RegExp(`"${field.replace('.', '\\.')}[".]|unknown field`));
    expectOperationResponse('updateOrganizationById', 400, res.body);
  });

  it('answers 400 for a body that is not JSON', async () => {
    expectError(await api.request('PATCH', `/v1/orgs/${orgId}`, { token, rawBody: '{"title":', headers: { 'content-type': 'application/json' } }), 400, /JSON/);
  });

  it('answers 409 when the hostname belongs to another organization', async () => {
    const hostname = `t${unique()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 20)}`;
    expect((await patch({ hostname })).status).toBe(200);
    expectError(await api.patch(`/v1/orgs/${stack.organizationId}`, { hostname }), 409, /"hostname"/);
  });
});

describe('members', () => {
  it('lists members with users, filters by role and search, and paginates', async () => {
    const email = `m-owner-${unique()}@example.com`;
    const token = await cli('tokens', 'create', '--email', email);
    const orgId = await cli('orgs', 'create', '--title', 'Members org', '--owner', email);
    for (const [i, role] of ['read', 'edit', 'read'].entries())
      await cli('members', 'add', '--org', orgId, '--email', `m${i}-${unique()}@example.com`, '--role', role);

    const all = await api.get(`/v1/orgs/${orgId}/members`, { token });
    expect(all.status).toBe(200);
    expectOperationResponse('listMembersInOrganizationById', 200, all.body);
    expect(all.body.count).toBe(4);
    expect(all.body.items.map((m: { role: string }) => m.role).sort()).toEqual(['admin', 'edit', 'read', 'read']);

    const readers = await api.get(`/v1/orgs/${orgId}/members?role=read`, { token });
    expect(readers.body.count).toBe(2);
    const search = await api.get(`/v1/orgs/${orgId}/members?search=m-owner`, { token });
    expect(search.body.items).toHaveLength(1);
    expect(search.body.items[0].user.email).toBe(email);

    const first = await api.get(`/v1/orgs/${orgId}/members?limit=3&order=asc`, { token });
    expect(first.body.items).toHaveLength(3);
    const second = await api.get(`/v1/orgs/${orgId}/members?limit=3&order=asc&page=${first.body.next.page}`, { token });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next).toBeUndefined();
    expectError(await api.get(`/v1/orgs/${orgId}/members?role=owner`, { token }), 400, /"role"/);
  });

  it("sorts by display name with `sort=name`, a value of today's client (0.202.0)", async () => {
    const email = `zed-${unique()}@example.com`;
    const token = await cli('tokens', 'create', '--email', email);
    const orgId = await cli('orgs', 'create', '--title', 'Named members org', '--owner', email);
    for (const name of ['bob', 'alice', 'carol']) await cli('members', 'add', '--org', orgId, '--email', `${name}-${unique()}@example.com`, '--role', 'read');
    const names = async (query: string) =>
      ((await api.get(`/v1/orgs/${orgId}/members?sort=name${query}`, { token })).body.items as { user: { displayName: string } }[]).map((m) =>
        m.user.displayName.replace(/-.*/, ''),
      );
    expect(await names('&order=asc')).toEqual(['alice', 'bob', 'carol', 'zed']);
    expect(await names('')).toEqual(['zed', 'carol', 'bob', 'alice']); // `order` defaults to desc
  });
});
