import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, expectError, type ApiResponse } from '../support/api';
import { buildMember, buildOrganization, buildUser, type TestUser } from '../support/factories';
import { expectOperationResponse, expectSchema } from '../support/reference';
import { currentStack } from '../support/stack';

const stack = currentStack();

// ---------------------------------------------------------------------------------------------
// Certificates, made with openssl as an identity provider would. `openssl ca -selfsign` is the way
// OpenSSL 3.0 sets an arbitrary validity period (req -x509 only takes -days from now).

function withTempDir<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'quire-saml-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function openssl(dir: string, ...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
}

function certificateValidFor30Days(): { certificate: string; privateKey: string } {
  return withTempDir((dir) => {
    openssl(dir, 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30', '-subj', '/CN=idp.example.com', '-keyout', 'key.pem', '-out', 'cert.pem');
    return { certificate: readFileSync(join(dir, 'cert.pem'), 'utf8'), privateKey: readFileSync(join(dir, 'key.pem'), 'utf8') };
  });
}

/** A self-signed certificate valid from `start` to `end` (YYYYMMDDHHMMSSZ). */
function certificateValidBetween(start: string, end: string): string {
  return withTempDir((dir) => {
    writeFileSync(
      join(dir, 'ca.cnf'),
      '[ca]\ndefault_ca = test\n[test]\ndatabase = index.txt\nnew_certs_dir = .\nserial = serial\ndefault_md = sha256\npolicy = any\n[any]\ncommonName = supplied\n',
    );
    writeFileSync(join(dir, 'index.txt'), '');
    writeFileSync(join(dir, 'serial'), '01\n');
    openssl(dir, 'req', '-new', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=idp.example.com', '-keyout', 'key.pem', '-out', 'req.csr');
    openssl(
      dir,
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-selfsign',
      '-keyfile',
      'key.pem',
      '-in',
      'req.csr',
      '-startdate',
      start,
      '-enddate',
      end,
      '-out',
      'cert.pem',
    );
    return readFileSync(join(dir, 'cert.pem'), 'utf8');
  });
}

const { certificate, privateKey } = certificateValidFor30Days();

const configured = (label = 'Okta') => ({
  label,
  entityID: 'http://www.okta.com/exk1234567890',
  certificate,
  ssoURL: 'https://example.okta.com/app/quire/exk1234567890/sso/saml',
});

/**
 * A provider created with only a label has no identity-provider URL, entity id or certificate yet:
 * it still answers the reference's shape, with `about:blank` and empty strings in their place
 * (UNSET_SAML_FIELDS), and `status` says "pending". Every answer is held to the reference.
 */
const UNSET = { ssoURL: 'about:blank', entityID: '', certificate: '' };

function expectReferenceBody(operationId: string, status: number, body: unknown): void {
  expectOperationResponse(operationId, status, body);
  expectOperationResponse(operationId, status, body, { reference: '0.202.0' });
}

function expectNoContent(res: ApiResponse, operationId: string): void {
  expect(res.status).toBe(204);
  expect(res.text).toBe('');
  expectOperationResponse(operationId, 204, res.text);
}

// ---------------------------------------------------------------------------------------------

describe('SAML providers', () => {
  let orgId: string;
  let admin: TestUser;
  let adminApi: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    ({ id: orgId, admin } = await buildOrganization(stack, 'SAML organization'));
    adminApi = apiClient(stack, admin.token);
  });

  const samlPath = () => `/v1/orgs/${orgId}/saml`;

  it('creates a provider from a label alone: pending, default role read, service URLs derived from PUBLIC_URL', async () => {
    const res = await adminApi.post(samlPath(), { label: 'Just a label' });
    expect(res.status).toBe(201);
    expectReferenceBody('createOrganizationSAMLProvider', 201, res.body);
    const id: string = res.body.id;
    const publicUrl = stack.url;
    expect(res.body).toEqual({
      object: 'saml-provider',
      id,
      label: 'Just a label',
      ...UNSET,
      defaultRole: 'read',
      createdAt: expect.any(String),
      status: 'pending',
      service: {
        acsURL: `${publicUrl}/sso/saml/${id}/acs`,
        startURL: `${publicUrl}/sso/saml/${id}/start`,
        entityID: `${publicUrl}/sso/saml/${id}/metadata`,
      },
      urls: { location: `${publicUrl}/v1/orgs/${orgId}/saml/${id}` },
    });
    expect(res.headers.get('location')).toBe(res.body.urls.location);

    const got = await adminApi.get(`${samlPath()}/${id}`);
    expect(got.status).toBe(200);
    expectReferenceBody('getOrganizationSAMLProviderById', 200, got.body);
    expect(got.body).toEqual(res.body);
  });

  it('creates an active provider from a full configuration, keeping only the certificate PEM', async () => {
    const pasted = `Certificate:\n    Data: (what openssl x509 -text prints)\n${certificate.replace(/\n/g, '\r\n')}\n\n`;
    const res = await adminApi.post(samlPath(), { ...configured(), certificate: pasted, defaultRole: 'edit' });
    expect(res.status).toBe(201);
    expectOperationResponse('createOrganizationSAMLProvider', 201, res.body);
    expect(res.body).toMatchObject({ ...configured(), certificate: certificate.trim(), defaultRole: 'edit', status: 'active' });
    expect(res.body.defaultTeam).toBeUndefined();
  });

  it('accepts defaultRole null (people who sign in join as guests)', async () => {
    const res = await adminApi.post(samlPath(), { label: 'Guests', defaultRole: null });
    expect(res.status).toBe(201);
    expectReferenceBody('createOrganizationSAMLProvider', 201, res.body);
    expect(res.body.defaultRole).toBeNull();
  });

  it('updates fields one by one; an empty PATCH changes nothing; the provider becomes active once configured', async () => {
    const created = await adminApi.post(samlPath(), { label: 'Step by step' });
    const path = `${samlPath()}/${created.body.id}`;

    const unchanged = await adminApi.patch(path, {});
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toEqual(created.body);

    const labelled = await adminApi.patch(path, { label: 'Azure AD', entityID: 'https://sts.windows.net/tenant/' });
    expect(labelled.status).toBe(200);
    expectReferenceBody('updateOrganizationSAMLProvider', 200, labelled.body);
    expect(labelled.body).toMatchObject({
      label: 'Azure AD',
      entityID: 'https://sts.windows.net/tenant/',
      status: 'pending',
      createdAt: created.body.createdAt,
    });

    const active = await adminApi.patch(path, { certificate, ssoURL: 'https://login.microsoftonline.com/tenant/saml2', defaultRole: 'comment' });
    expect(active.status).toBe(200);
    expectOperationResponse('updateOrganizationSAMLProvider', 200, active.body);
    expect(active.body).toMatchObject({
      label: 'Azure AD',
      certificate: certificate.trim(),
      ssoURL: 'https://login.microsoftonline.com/tenant/saml2',
      defaultRole: 'comment',
      status: 'active',
    });

    const guests = await adminApi.patch(path, { defaultRole: null });
    expect(guests.body.defaultRole).toBeNull();
    expect((await adminApi.get(path)).body).toEqual(guests.body);
  });

  it('lists providers page by page with a true count', async () => {
    const { id, admin: owner } = await buildOrganization(stack, 'SAML paging');
    const ownerApi = apiClient(stack, owner.token);
    const ids: string[] = [];
    for (const label of ['One', 'Two', 'Three']) ids.push((await ownerApi.post(`/v1/orgs/${id}/saml`, configured(label))).body.id);

    const seen: string[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const res = await ownerApi.get(`/v1/orgs/${id}/saml?limit=2${page ? `&page=${encodeURIComponent(page)}` : ''}`);
      expect(res.status).toBe(200);
      expectOperationResponse('listSAMLProvidersInOrganizationById', 200, res.body);
      expect(res.body.count).toBe(3);
      seen.push(...res.body.items.map((p: { id: string }) => p.id));
      page = res.body.next?.page;
      pages++;
    } while (page);
    expect(pages).toBe(2);
    expect(seen).toEqual(ids);

    const fresh = await buildOrganization(stack, 'No SAML');
    const empty = await apiClient(stack, fresh.admin.token).get(`/v1/orgs/${fresh.id}/saml`);
    expect(empty.status).toBe(200);
    expectOperationResponse('listSAMLProvidersInOrganizationById', 200, empty.body);
    expect(empty.body).toEqual({ count: 0, items: [] });
    expectError(await ownerApi.get(`/v1/orgs/${id}/saml?limit=-1`), 400, /"limit"/);
    expectError(await ownerApi.get(`/v1/orgs/${id}/saml?page=nope`), 400, /"page"/);
  });

  it('lists pending providers too (only /sso is limited to active ones)', async () => {
    const res = await adminApi.get(samlPath());
    expect(res.status).toBe(200);
    expectReferenceBody('listSAMLProvidersInOrganizationById', 200, res.body);
    expect(res.body.items.map((p: { status: string }) => p.status)).toEqual(expect.arrayContaining(['pending', 'active']));
    for (const pending of res.body.items.filter((p: { status: string }) => p.status === 'pending')) expect(pending).toMatchObject(UNSET);
  });

  it('deletes with 204; a provider that is already gone is a 404', async () => {
    const created = await adminApi.post(samlPath(), configured('Short-lived'));
    const path = `${samlPath()}/${created.body.id}`;
    expectNoContent(await adminApi.delete(path), 'deleteOrganizationSAMLProvider');
    expectError(await adminApi.get(path), 404, /SAML provider/);
    expectError(await adminApi.patch(path, { label: 'Back' }), 404, /SAML provider/);
    expectError(await adminApi.delete(path), 404, /SAML provider/);
    const list = await adminApi.get(samlPath());
    expect(list.body.items.map((p: { id: string }) => p.id)).not.toContain(created.body.id);
  });

  it('answers 404 for a provider of another organization', async () => {
    const other = await buildOrganization(stack, 'Other SAML');
    const foreign = await apiClient(stack, other.admin.token).post(`/v1/orgs/${other.id}/saml`, { label: 'Foreign' });
    // The admin of `orgId` is not a member of `other`: the organization itself is a 404.
    expectError(await adminApi.get(`/v1/orgs/${other.id}/saml/${foreign.body.id}`), 404);
    // Through their own organization, the id does not exist.
    expectError(await adminApi.get(`${samlPath()}/${foreign.body.id}`), 404, /SAML provider/);
    expectError(await adminApi.patch(`${samlPath()}/${foreign.body.id}`, { label: 'Mine' }), 404, /SAML provider/);
    expectError(await adminApi.delete(`${samlPath()}/${foreign.body.id}`), 404, /SAML provider/);
    expect((await apiClient(stack, other.admin.token).get(`/v1/orgs/${other.id}/saml/${foreign.body.id}`)).status).toBe(200);
  });

  describe('limits (400 naming the field)', () => {
    const thirtyOne = 'x'.repeat(31);

    it.each<[string, Record<string, unknown>, string]>([
      ['no label', {}, 'label'],
      ['an empty label', { label: '' }, 'label'],
      ['a blank label', { label: '   ' }, 'label'],
      ['a label of 31 characters', { label: thirtyOne }, 'label'],
      ['a label that is not a string', { label: 5 }, 'label'],
      ['an entityID of 1025 characters', { label: 'x', entityID: 'e'.repeat(1025) }, 'entityID'],
      ['an empty entityID', { label: 'x', entityID: '' }, 'entityID'],
      ['a certificate of 10001 characters', { label: 'x', certificate: 'c'.repeat(10001) }, 'certificate'],
      ['a certificate that is not PEM', { label: 'x', certificate: 'not a certificate' }, 'certificate'],
      ['a certificate with garbage inside', { label: 'x', certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }, 'certificate'],
      ['an ssoURL that is not a URI', { label: 'x', ssoURL: 'not a url' }, 'ssoURL'],
      ['an ssoURL that is not http(s)', { label: 'x', ssoURL: 'ftp://idp.example.com/sso' }, 'ssoURL'],
      ['an ssoURL of 2049 characters', { label: 'x', ssoURL: `https://idp.example.com/${'a'.repeat(2049 - 24)}` }, 'ssoURL'],
      ['an unknown defaultRole', { label: 'x', defaultRole: 'owner' }, 'defaultRole'],
      ['a defaultTeam that does not exist', { label: 'x', defaultTeam: 'noSuchTeam' }, 'defaultTeam'],
      ['an unknown field', { label: 'x', color: 'blue' }, 'body'],
    ])('POST refuses %s', async (_name, body, field) => {
      expectError(await adminApi.post(samlPath(), body), 400, new RegExp(`"${field}"`));
    });

    it('POST accepts the longest values', async () => {
      const ssoURL = `https://idp.example.com/${'a'.repeat(2048 - 24)}`;
      expect(ssoURL).toHaveLength(2048);
      const res = await adminApi.post(samlPath(), { label: 'x'.repeat(30), entityID: 'e'.repeat(1024), certificate, ssoURL });
      expect(res.status).toBe(201);
      expectOperationResponse('createOrganizationSAMLProvider', 201, res.body);
      expect(res.body).toMatchObject({ label: 'x'.repeat(30), entityID: 'e'.repeat(1024), ssoURL });
    });

    it('refuses expired and not yet valid certificates, and private keys', async () => {
      const expired = certificateValidBetween('20200101000000Z', '20200201000000Z');
      expectError(await adminApi.post(samlPath(), { label: 'x', certificate: expired }), 400, /"certificate": expired on 2020-02-01/);
      const future = certificateValidBetween('20990101000000Z', '20990201000000Z');
      expectError(await adminApi.post(samlPath(), { label: 'x', certificate: future }), 400, /"certificate": is not valid before 2099-01-01/);
      expectError(
        await adminApi.post(samlPath(), { label: 'x', certificate: privateKey }),
        400,
        /"certificate": must contain only a certificate, not a private key/,
      );
      expectError(await adminApi.post(samlPath(), { label: 'x', certificate: certificate + privateKey }), 400, /"certificate"/);
      expectError(
        await adminApi.post(samlPath(), { label: 'x', certificate: certificate + certificate }),
        400,
        /"certificate": must contain exactly one certificate/,
      );
    });

    it('PATCH applies the same limits and changes nothing when it refuses', async () => {
      const created = await adminApi.post(samlPath(), configured('Patch limits'));
      const path = `${samlPath()}/${created.body.id}`;
      const expired = certificateValidBetween('20200101000000Z', '20200201000000Z');
      const refused: [Record<string, unknown>, string][] = [
        [{ label: '' }, 'label'],
        [{ label: thirtyOne }, 'label'],
        [{ label: null }, 'label'],
        [{ entityID: 'e'.repeat(1025) }, 'entityID'],
        [{ certificate: 'c'.repeat(10001) }, 'certificate'],
        [{ certificate: expired }, 'certificate'],
        [{ ssoURL: 'javascript:alert(1)' }, 'ssoURL'],
        [{ defaultRole: 'guest' }, 'defaultRole'],
        [{ defaultTeam: 'noSuchTeam' }, 'defaultTeam'],
        [{ id: 'other' }, 'body'],
      ];
      for (const [body, field] of refused) expectError(await adminApi.patch(path, body), 400, new RegExp(`"${field}"`));
      expect((await adminApi.get(path)).body).toEqual(created.body);
    });
  });

  describe('default team', () => {
    it('embeds a team of the organization, refuses a team of another one, and drops it when the team is deleted', async () => {
      const team = await adminApi.put(`/v1/orgs/${orgId}/teams`, { title: 'SSO arrivals' });
      expect(team.status).toBe(201);
      const created = await adminApi.post(samlPath(), { ...configured('With team'), defaultTeam: team.body.id });
      expect(created.status).toBe(201);
      expectOperationResponse('createOrganizationSAMLProvider', 201, created.body);
      expect(created.body.defaultTeam).toMatchObject({
        object: 'team',
        id: team.body.id,
        title: 'SSO arrivals',
        members: 0,
        permissions: { admin: true, view: true },
      });
      expectSchema('OrganizationTeam', created.body.defaultTeam);
      const path = `${samlPath()}/${created.body.id}`;

      const other = await buildOrganization(stack, 'Other teams');
      const foreignTeam = await apiClient(stack, other.admin.token).put(`/v1/orgs/${other.id}/teams`, { title: 'Not yours' });
      expect(foreignTeam.status).toBe(201);
      expectError(await adminApi.post(samlPath(), { label: 'x', defaultTeam: foreignTeam.body.id }), 400, /"defaultTeam"/);
      expectError(await adminApi.patch(path, { defaultTeam: foreignTeam.body.id }), 400, /"defaultTeam"/);

      const cleared = await adminApi.patch(path, { defaultTeam: null });
      expect(cleared.status).toBe(200);
      expectOperationResponse('updateOrganizationSAMLProvider', 200, cleared.body);
      expect(cleared.body.defaultTeam).toBeUndefined();

      const again = await adminApi.patch(path, { defaultTeam: team.body.id });
      expect(again.body.defaultTeam.id).toBe(team.body.id);
      expect((await adminApi.delete(`/v1/orgs/${orgId}/teams/${team.body.id}`)).status).toBe(204);
      const after = await adminApi.get(path);
      expect(after.status).toBe(200);
      expectOperationResponse('getOrganizationSAMLProviderById', 200, after.body);
      expect(after.body.defaultTeam).toBeUndefined();
    });
  });

  describe('authorization', () => {
    let providerId: string;
    let stranger: TestUser;
    beforeAll(async () => {
      providerId = (await adminApi.post(samlPath(), configured('Guarded'))).body.id;
      stranger = await buildUser(stack, 'stranger');
    });

    it('answers 404 to non-members and for an unknown organization, on every endpoint', async () => {
      const as = apiClient(stack, stranger.token);
      for (const org of [orgId, 'noSuchOrganization']) {
        expectError(await as.get(`/v1/orgs/${org}/saml`), 404);
        expectError(await as.post(`/v1/orgs/${org}/saml`, { label: 'Mine' }), 404);
        expectError(await as.get(`/v1/orgs/${org}/saml/${providerId}`), 404);
        expectError(await as.patch(`/v1/orgs/${org}/saml/${providerId}`, { label: 'Mine' }), 404);
        expectError(await as.delete(`/v1/orgs/${org}/saml/${providerId}`), 404);
        expectError(await as.get(`/v1/orgs/${org}/sso`), 404);
      }
    });

    it.each(['read', 'edit', 'create'])('answers 403 to a %s member on every /saml endpoint, reads included', async (role) => {
      const member = apiClient(stack, (await buildMember(stack, orgId, role)).token);
      expectError(await member.get(samlPath()), 403);
      expectError(await member.post(samlPath(), { label: 'Mine' }), 403);
      expectError(await member.get(`${samlPath()}/${providerId}`), 403);
      expectError(await member.patch(`${samlPath()}/${providerId}`, { label: 'Mine' }), 403);
      expectError(await member.delete(`${samlPath()}/${providerId}`), 403);
      expect((await adminApi.get(`${samlPath()}/${providerId}`)).body.label).toBe('Guarded');
    });

    it('lets another admin of the organization manage providers', async () => {
      const second = apiClient(stack, (await buildMember(stack, orgId, 'admin')).token);
      const res = await second.patch(`${samlPath()}/${providerId}`, { label: 'Guarded too' });
      expect(res.status).toBe(200);
      expectOperationResponse('updateOrganizationSAMLProvider', 200, res.body);
    });
  });
});

describe('SSO logins (GET /v1/orgs/{org}/sso)', () => {
  it('lists the active providers of the organization to any member: id, label and start URL only', async () => {
    const { id, admin } = await buildOrganization(stack, 'SSO logins');
    const adminApi = apiClient(stack, admin.token);
    const active = (await adminApi.post(`/v1/orgs/${id}/saml`, configured('Company login'))).body;
    const pending = (await adminApi.post(`/v1/orgs/${id}/saml`, { label: 'Not ready' })).body;

    const reader = apiClient(stack, (await buildMember(stack, id, 'read')).token);
    const res = await reader.get(`/v1/orgs/${id}/sso`);
    expect(res.status).toBe(200);
    expectOperationResponse('listSSOProviderLoginsInOrganization', 200, res.body);
    expect(res.body).toEqual({ items: [{ id: active.id, label: 'Company login', startURL: active.service.startURL }] });

    // Configuring the pending provider adds it; deleting a provider removes it.
    await adminApi.patch(`/v1/orgs/${id}/saml/${pending.id}`, { entityID: 'urn:idp', certificate, ssoURL: 'https://idp.example.com/sso' });
    await adminApi.delete(`/v1/orgs/${id}/saml/${active.id}`);
    const after = await reader.get(`/v1/orgs/${id}/sso`);
    expectOperationResponse('listSSOProviderLoginsInOrganization', 200, after.body);
    expect(after.body.items).toEqual([{ id: pending.id, label: 'Not ready', startURL: pending.service.startURL }]);
  });

  it('answers an empty list for an organization without providers', async () => {
    const { id, admin } = await buildOrganization(stack, 'No SSO');
    const res = await apiClient(stack, admin.token).get(`/v1/orgs/${id}/sso`);
    expect(res.status).toBe(200);
    expectOperationResponse('listSSOProviderLoginsInOrganization', 200, res.body);
    expect(res.body).toEqual({ items: [] });
  });
});
