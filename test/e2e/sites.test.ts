import { apiClient, expectError, type ApiClient } from '../support/api';
import { buildMember, buildOrganization, buildUser, cli, unique, type TestUser } from '../support/factories';
import { expectOperationResponse, expectSchema } from '../support/reference';
import { currentStack } from '../support/stack';
import { eventually } from '../support/eventually';

// Sites: list (filters), create (with spaces), get, patch (every field and its limit), delete,
// publish/unpublish, adaptive schema, published profile; the authorization rules (non-member 404,
// members below `create` 403 on writes, any member reads); and the site spaces following content's
// space events (deleted → hidden, restored → back, transferred → gone). Share links and the
// shareKey rules are in share-links.test.ts.

const stack = currentStack();

interface Org {
  id: string;
  admin: TestUser;
  api: ApiClient;
}

let org: Org;
let reader: ApiClient;
let editor: ApiClient;
let creator: ApiClient;
let outsider: ApiClient;

beforeAll(async () => {
  const built = await buildOrganization(stack, 'Sites org');
  org = { ...built, api: apiClient(stack, built.admin.token) };
  const [r, e, c, o] = await Promise.all([
    buildMember(stack, org.id, 'read'),
    buildMember(stack, org.id, 'edit'),
    buildMember(stack, org.id, 'create'),
    buildUser(stack, 'outsider'),
  ]);
  reader = apiClient(stack, r.token);
  editor = apiClient(stack, e.token);
  creator = apiClient(stack, c.token);
  outsider = apiClient(stack, o.token);
});

const sitesPath = (orgId = org.id) => `/v1/orgs/${orgId}/sites`;
const sitePath = (siteId: string, orgId = org.id) => `/v1/orgs/${orgId}/sites/${siteId}`;

async function createSpace(title: string, api: ApiClient = org.api, orgId = org.id) {
  const res = await api.post(`/v1/orgs/${orgId}/spaces`, { title });
  expect(res.status).toBe(201);
  return res.body as { id: string; title: string };
}

async function createSite(body: Record<string, unknown> = {}, api: ApiClient = org.api, orgId = org.id) {
  const res = await api.post(sitesPath(orgId), body);
  expect(res.status).toBe(201);
  expectOperationResponse('createSite', 201, res.body);
  return res.body;
}

async function getSite(siteId: string, api: ApiClient = org.api) {
  const res = await api.get(sitePath(siteId));
  expect(res.status).toBe(200);
  expectOperationResponse('getSiteById', 200, res.body);
  return res.body;
}

async function patchSite(siteId: string, body: Record<string, unknown>) {
  const res = await org.api.patch(sitePath(siteId), body);
  expect(res.status).toBe(200);
  expectOperationResponse('updateSiteById', 200, res.body);
  return res.body;
}

async function listSites(query = '', api: ApiClient = org.api, orgId = org.id) {
  const res = await api.get(`${sitesPath(orgId)}${query}`);
  expect(res.status).toBe(200);
  expectOperationResponse('listSites', 200, res.body);
  return res.body as { items: { id: string }[]; count: number; next?: { page: string } };
}

async function siteSpaces(siteId: string, query = '') {
  const res = await org.api.get(`${sitePath(siteId)}/site-spaces${query}`);
  expect(res.status).toBe(200);
  expectOperationResponse('listSiteSpaces', 200, res.body);
  return res.body.items as { id: string; default?: boolean; space: { id: string }; section?: string }[];
}

async function publish(siteId: string) {
  const res = await org.api.post(`${sitePath(siteId)}/publish`);
  expect(res.status).toBe(200);
  expectOperationResponse('publishSite', 200, res.body);
  return res.body;
}

/** Polls until `check` holds (events travel through the bus), failing after `ms`. */
describe('POST /v1/orgs/{org}/sites', () => {
  it('creates a site with the defaults', async () => {
    const res = await org.api.post(sitesPath(), {});
    expect(res.status).toBe(201);
    expectOperationResponse('createSite', 201, res.body);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({
      object: 'site',
      type: 'basic',
      title: 'Untitled site',
      visibility: 'public',
      published: false,
      siteSpaces: 0,
      features: [],
      agentsContext: 'included',
      adaptiveContent: { enabled: false },
      // Today's client (0.202.0): no plan applies another type; members' roles are the organization's.
      appliedType: 'basic',
      defaultLevel: 'inherit',
    });
    expect(res.body.urls.location).toMatch(new RegExp(`/v1/orgs/${org.id}/sites/${res.body.id}$`));
    // The preview members read, published or not: the site's profile.
    expect(res.body.urls.preview).toBe(`${res.body.urls.location}/published`);
    expect(res.body.urls.app).toMatch(new RegExp(`/o/${org.id}/sites/${res.body.id}$`));
    // Only a published site has a published URL.
    expect(res.body.urls.published).toBeUndefined();
  });

  it('attaches the given spaces at the root, in order, the first as default', async () => {
    const [a, b] = [await createSpace('Getting Started'), await createSpace('API Reference')];
    const site = await createSite({ type: 'premium', title: 'Docs', visibility: 'unlisted', spaces: [a.id, b.id, a.id] });
    expect(site).toMatchObject({ type: 'premium', title: 'Docs', visibility: 'unlisted', siteSpaces: 2 });
    const items = await siteSpaces(site.id);
    expect(items.map((s) => s.space.id)).toEqual([a.id, b.id]);
    expect(items.map((s) => s.default)).toEqual([true, false]);
    expect(items.map((s) => (s as unknown as { path: string }).path)).toEqual(['getting-started', 'api-reference']);
    expect(items.every((s) => s.section === undefined)).toBe(true);
  });

  it('refuses spaces that are unknown, deleted or of another organization (400 naming spaces)', async () => {
    const other = await buildOrganization(stack, 'Other org');
    const foreign = await createSpace('Foreign', apiClient(stack, other.admin.token), other.id);
    const deleted = await createSpace('Gone');
    expect((await org.api.delete(`/v1/spaces/${deleted.id}`)).status).toBe(205);
    for (const id of ['noSuchSpace000000000', foreign.id, deleted.id]) {
      expectError(await org.api.post(sitesPath(), { spaces: [id] }), 400, /"spaces"/);
    }
    expectError(await org.api.post(sitesPath(), { spaces: 'abc' }), 400, /"spaces"/);
  });

  it('checks the limits of every field', async () => {
    expectError(await org.api.post(sitesPath(), { title: 'a' }), 400, /"title"/);
    expectError(await org.api.post(sitesPath(), { title: 'a'.repeat(129) }), 400, /"title"/);
    expect((await org.api.post(sitesPath(), { title: 'a'.repeat(128) })).status).toBe(201);
    expect((await org.api.post(sitesPath(), { title: 'ab' })).status).toBe(201);
    expectError(await org.api.post(sitesPath(), { type: 'gold' }), 400, /"type"/);
    expectError(await org.api.post(sitesPath(), { visibility: 'secret' }), 400, /"visibility"/);
    expectError(await org.api.post(sitesPath(), { color: 'red' }), 400, /color/);
  });

  it('needs the create role; non-members get 404', async () => {
    expectError(await reader.post(sitesPath(), { title: 'Nope' }), 403);
    expectError(await editor.post(sitesPath(), { title: 'Nope' }), 403);
    expectError(await outsider.post(sitesPath(), { title: 'Nope' }), 404);
    const site = await createSite({ title: 'By a creator' }, creator);
    expect(site.title).toBe('By a creator');
  });
});

describe('GET /v1/orgs/{org}/sites', () => {
  let filtered: Org;
  let space: { id: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const built = await buildOrganization(stack, 'Filter org');
    filtered = { ...built, api: apiClient(stack, built.admin.token) };
    space = await createSpace('Shown', filtered.api, filtered.id);
    ids.alpha = (await createSite({ title: 'Alpha 100% docs', type: 'basic', spaces: [space.id] }, filtered.api, filtered.id)).id;
    ids.beta = (await createSite({ title: 'Beta guide', type: 'premium' }, filtered.api, filtered.id)).id;
    ids.gamma = (await createSite({ title: 'gamma_docs', type: 'ultimate' }, filtered.api, filtered.id)).id;
    expect((await filtered.api.post(`${sitePath(ids.beta as string, filtered.id)}/publish`)).status).toBe(200);
  });

  const names = async (query: string) => (await listSites(query, filtered.api, filtered.id)).items.map((s) => s.id);

  it('lists the sites in creation order, paginated', async () => {
    expect(await names('')).toEqual([ids.alpha, ids.beta, ids.gamma]);
    const first = await listSites('?limit=2', filtered.api, filtered.id);
    expect(first.count).toBe(3);
    expect(first.items).toHaveLength(2);
    const second = await listSites(`?limit=2&page=${first.next?.page}`, filtered.api, filtered.id);
    expect(second.items.map((s) => s.id)).toEqual([ids.gamma]);
    expect(second.next).toBeUndefined();
    expectError(await filtered.api.get(`${sitesPath(filtered.id)}?limit=1001`), 400, /"limit"/);
  });

  it('filters by title (case-insensitive contains, wildcards literal)', async () => {
    expect(await names('?title=DOCS')).toEqual([ids.alpha, ids.gamma]);
    expect(await names(`?title=${encodeURIComponent('100%')}`)).toEqual([ids.alpha]);
    expect(await names('?title=_')).toEqual([ids.gamma]);
  });

  it('filters by published', async () => {
    expect(await names('?published=true')).toEqual([ids.beta]);
    expect(await names('?published=false')).toEqual([ids.alpha, ids.gamma]);
    expectError(await filtered.api.get(`${sitesPath(filtered.id)}?published=yes`), 400, /"published"/);
  });

  it('filters by type, as repeated parameters or a comma list', async () => {
    expect(await names('?type=premium')).toEqual([ids.beta]);
    expect(await names('?type=basic&type=ultimate')).toEqual([ids.alpha, ids.gamma]);
    expect(await names('?type=premium,ultimate')).toEqual([ids.beta, ids.gamma]);
    expectError(await filtered.api.get(`${sitesPath(filtered.id)}?type=gold`), 400, /"type/);
  });

  it('filters by space', async () => {
    expect(await names(`?space=${space.id}`)).toEqual([ids.alpha]);
    expect(await names('?space=noSuchSpace000000000')).toEqual([]);
  });

  it('is open to any member, not to others', async () => {
    const member = apiClient(stack, (await buildMember(stack, filtered.id, 'read')).token);
    expect((await listSites('', member, filtered.id)).count).toBe(3);
    expectError(await outsider.get(sitesPath(filtered.id)), 404);
    expectError(await org.api.get(sitesPath(filtered.id)), 404);
  });
});

describe('GET and DELETE /v1/orgs/{org}/sites/{siteId}', () => {
  it('reads a site as any member; 404 for others and for a site of another organization', async () => {
    const site = await createSite({ title: 'Readable' });
    const asReader = await getSite(site.id, reader);
    expect({ ...asReader, permissions: null }).toEqual({ ...site, permissions: null });
    // The caller's permissions (today's client, 0.202.0), as site.policy decides: a reader reads the
    // site and its adaptive schema; `edit` edits its spaces; `create` manages it, settings and
    // publishing included; nobody installs integrations (Quire hosts none).
    const none = {
      view: true,
      access: true,
      edit: false,
      create: false,
      admin: false,
      installIntegration: false,
      viewAdaptiveSchema: true,
      editAdaptiveSchema: false,
    };
    expect(asReader.permissions).toEqual(none);
    expect((await getSite(site.id, editor)).permissions).toEqual({ ...none, edit: true });
    expect((await getSite(site.id, creator)).permissions).toEqual({ ...none, edit: true, create: true, admin: true, editAdaptiveSchema: true });
    expect(site.permissions).toEqual({ ...none, edit: true, create: true, admin: true, editAdaptiveSchema: true });
    expectError(await outsider.get(sitePath(site.id)), 404);
    expectError(await org.api.get(sitePath('noSuchSite0000000000')), 404);
    const other = await buildOrganization(stack, 'Elsewhere');
    expectError(await apiClient(stack, other.admin.token).get(sitePath(site.id, other.id)), 404);
  });

  it('deletes a site (205) with the create role only', async () => {
    const site = await createSite({ title: 'Doomed', spaces: [(await createSpace('In doomed site')).id] });
    expectError(await reader.delete(sitePath(site.id)), 403);
    expectError(await editor.delete(sitePath(site.id)), 403);
    expectError(await outsider.delete(sitePath(site.id)), 404);
    const res = await creator.delete(sitePath(site.id));
    expect(res.status).toBe(205);
    expectOperationResponse('deleteSiteById', 205, res.text);
    expect(res.text).toBe('');
    expectError(await org.api.get(sitePath(site.id)), 404);
    expectError(await org.api.delete(sitePath(site.id)), 404);
  });
});

describe('PATCH /v1/orgs/{org}/sites/{siteId}', () => {
  it('changes title, visibility, basename, adaptiveContent and agentsContext', async () => {
    const site = await createSite({ title: 'Before' });
    const updated = await patchSite(site.id, {
      title: 'After',
      visibility: 'visitor-auth',
      basename: `docs-${unique()}`,
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
    });
    expect(updated).toMatchObject({ title: 'After', visibility: 'visitor-auth', adaptiveContent: { enabled: true }, agentsContext: 'excluded' });
    expect(await getSite(site.id)).toEqual(updated);
    // Nothing sent, nothing changed.
    expect(await patchSite(site.id, {})).toEqual(updated);
  });

  it('checks the limits', async () => {
    const site = await createSite({ title: 'Limits' });
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ title: 'x' }, /"title"/],
      [{ title: 'x'.repeat(129) }, /"title"/],
      [{ basename: '' }, /"basename"/],
      [{ basename: 'b'.repeat(101) }, /"basename"/],
      [{ basename: 'a/b' }, /"basename"/],
      [{ visibility: 'private' }, /"visibility"/],
      [{ adaptiveContent: true }, /"adaptiveContent"/],
      [{ adaptiveContent: {} }, /"adaptiveContent.enabled"/],
      [{ agentsContext: 'maybe' }, /"agentsContext"/],
      [{ proxy: 'company.com' }, /"proxy"/],
      [{ proxy: 'not a url/docs' }, /"proxy"/],
      [{ hostname: 'Docs.Example.com' }, /"hostname"/],
      [{ hostname: 'example.com' }, /"hostname"/],
      // 9 labels of 60 characters: each label fits the pattern, the whole exceeds 512.
      [{ hostname: `${Array(9).fill('a'.repeat(60)).join('.')}.com` }, /"hostname"/],
      [{ defaultSiteSpace: 'noSuchSiteSpace00000' }, /"defaultSiteSpace"/],
      [{ defaultSiteSection: 'noSuchSection0000000' }, /"defaultSiteSection"/],
      [{ published: true }, /published/],
    ];
    for (const [body, pattern] of bad) expectError(await org.api.patch(sitePath(site.id), body), 400, pattern);
    expect((await patchSite(site.id, { basename: 'b'.repeat(100) })).basename).toBe('b'.repeat(100));
  });

  it('keeps basenames unique in the organization and hostnames unique everywhere (409)', async () => {
    const basename = `shared-${unique()}`;
    const hostname = `docs.${unique()}.example.com`;
    const first = await createSite({ title: 'First' });
    const second = await createSite({ title: 'Second' });
    await patchSite(first.id, { basename, hostname });
    expectError(await org.api.patch(sitePath(second.id), { basename }), 409, /basename/);
    expectError(await org.api.patch(sitePath(second.id), { hostname }), 409, /hostname/);
    // Setting a site's own values again is fine; another organization may use the basename.
    await patchSite(first.id, { basename, hostname });
    const other = await buildOrganization(stack, 'Same basename');
    const otherApi = apiClient(stack, other.admin.token);
    const foreign = await createSite({ title: 'Foreign' }, otherApi, other.id);
    expect((await otherApi.patch(sitePath(foreign.id, other.id), { basename })).status).toBe(200);
    expectError(await otherApi.patch(sitePath(foreign.id, other.id), { hostname }), 409);
    // Removing the hostname frees it.
    expect((await patchSite(first.id, { hostname: null })).hostname).toBeUndefined();
    expect((await otherApi.patch(sitePath(foreign.id, other.id), { hostname })).body.hostname).toBe(hostname);
  });

  it('builds the published URL from the basename, a custom hostname or the proxy', async () => {
    const basename = `handbook-${unique()}`;
    const site = await createSite({ title: 'Addresses' });
    await patchSite(site.id, { basename });
    const published = await publish(site.id);
    expect(published.urls.published).toMatch(new RegExp(`^https?://[^/]+/sites/${org.id}/${basename}/$`));

    const hostname = `help.${unique()}.example.com`;
    expect((await patchSite(site.id, { hostname })).urls.published).toBe(`https://${hostname}/`);

    const withProxy = await patchSite(site.id, { proxy: 'https://company.com/docs/' });
    expect(withProxy.proxy).toEqual({ origin: 'company.com/docs', target: published.urls.published });
    expect(withProxy.urls.published).toBe('https://company.com/docs/');

    const withoutProxy = await patchSite(site.id, { proxy: null });
    expect(withoutProxy.proxy).toBeUndefined();
    expect(withoutProxy.urls.published).toBe(`https://${hostname}/`);
  });

  it('sets the default root site space, unsetting the previous one', async () => {
    const [a, b] = [await createSpace('One'), await createSpace('Two')];
    const site = await createSite({ title: 'Defaults', spaces: [a.id, b.id] });
    const [first, second] = await siteSpaces(site.id);
    await patchSite(site.id, { defaultSiteSpace: second?.id });
    expect((await siteSpaces(site.id, '?default=true')).map((s) => s.id)).toEqual([second?.id]);
    expect((await siteSpaces(site.id, '?default=false')).map((s) => s.id)).toEqual([first?.id]);
    // A site space of another site is not this site's.
    const otherSite = await createSite({ title: 'Other', spaces: [(await createSpace('Three')).id] });
    const [foreign] = await siteSpaces(otherSite.id);
    expectError(await org.api.patch(sitePath(site.id), { defaultSiteSpace: foreign?.id }), 400, /"defaultSiteSpace"/);
  });

  it('sets the default section, and the default site space in the default section', async () => {
    const site = await createSite({ title: 'Sectioned' });
    const spaces = [await createSpace('Section one'), await createSpace('Section two'), await createSpace('Variant')];
    const sectionA = (await org.api.post(`${sitePath(site.id)}/sections`, { spaceId: spaces[0]?.id })).body;
    const sectionB = (await org.api.post(`${sitePath(site.id)}/sections`, { spaceId: spaces[1]?.id })).body;
    expect(sectionA.default).toBe(true);
    await patchSite(site.id, { defaultSiteSection: sectionB.id });
    const sections = (await org.api.get(`${sitePath(site.id)}/sections`)).body.items as { id: string; default: boolean }[];
    expect(sections.map((s) => [s.id, s.default])).toEqual([
      [sectionA.id, false],
      [sectionB.id, true],
    ]);
    // A variant in section B, made its default through the site.
    const variant = (await org.api.post(`${sitePath(site.id)}/site-spaces`, { spaceId: spaces[2]?.id, sectionId: sectionB.id })).body;
    await patchSite(site.id, { defaultSiteSpace: variant.id });
    const inB = (await siteSpaces(site.id)).filter((s) => s.section === sectionB.id);
    expect(inB.map((s) => [s.id, s.default])).toEqual([
      [sectionB.siteSpaces[0].id, false],
      [variant.id, true],
    ]);
    // A site space of a section that is not the default one cannot be the site's default.
    expectError(await org.api.patch(sitePath(site.id), { defaultSiteSpace: sectionA.siteSpaces[0].id }), 400, /default section/);
  });

  it('needs the create role; non-members get 404', async () => {
    const site = await createSite({ title: 'Guarded' });
    expectError(await reader.patch(sitePath(site.id), { title: 'Mine' }), 403);
    expectError(await editor.patch(sitePath(site.id), { title: 'Mine' }), 403);
    expectError(await outsider.patch(sitePath(site.id), { title: 'Mine' }), 404);
    expect((await creator.patch(sitePath(site.id), { title: 'Creator title' })).body.title).toBe('Creator title');
  });
});

describe('POST .../publish and .../unpublish', () => {
  it('publishes and unpublishes, idempotently, with the create role', async () => {
    const site = await createSite({ title: 'Going live' });
    expectError(await reader.post(`${sitePath(site.id)}/publish`), 403);
    expectError(await outsider.post(`${sitePath(site.id)}/publish`), 404);
    const live = await publish(site.id);
    expect(live.published).toBe(true);
    expect(live.urls.published).toMatch(new RegExp(`/sites/${org.id}/${site.id}/$`));
    expect((await publish(site.id)).published).toBe(true);
    expect((await listSites('?published=true')).items.map((s) => s.id)).toContain(site.id);

    expectError(await editor.post(`${sitePath(site.id)}/unpublish`), 403);
    const res = await creator.post(`${sitePath(site.id)}/unpublish`);
    expect(res.status).toBe(200);
    expectOperationResponse('unpublishSite', 200, res.body);
    expect(res.body.published).toBe(false);
    expect(res.body.urls.published).toBeUndefined();
    expectError(await org.api.post(`${sitePath('noSuchSite0000000000')}/publish`), 404);
  });
});

describe('GET|PUT .../adaptive-schema', () => {
  const schema = {
    type: 'object',
    properties: {
      isBetaUser: { type: 'boolean', description: 'Whether the visitor is in the beta' },
      plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan of the visitor' },
      seats: { type: 'number', description: 'Seats' },
      products: { type: 'array', description: 'Products', items: { type: 'string', description: 'A product' } },
      account: { type: 'object', description: 'Account', properties: { region: { type: 'string', description: 'Region' } }, additionalProperties: false },
      unsigned: {
        type: 'object',
        description: 'Unsigned claims of the site visitor.',
        properties: { theme: { type: 'string', description: 'Theme' } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };

  it('answers an empty schema first, then what was put, stamped', async () => {
    const site = await createSite({ title: 'Adaptive' });
    const first = await reader.get(`${sitePath(site.id)}/adaptive-schema`);
    expect(first.status).toBe(200);
    expectOperationResponse('getSiteAdaptiveSchema', 200, first.body);
    expect(first.body).toEqual({
      object: 'site-adaptive-schema',
      jsonSchema: { type: 'object', properties: {}, additionalProperties: false },
      updatedAt: site.createdAt,
    });

    const put = await org.api.put(`${sitePath(site.id)}/adaptive-schema`, { jsonSchema: { $schema: 'http://json-schema.org/draft-07/schema#', ...schema } });
    expect(put.status).toBe(200);
    expectOperationResponse('updateSiteAdaptiveSchema', 200, put.body);
    expect(put.body.jsonSchema).toEqual({ $schema: 'http://json-schema.org/draft-07/schema#', ...schema });
    expect(Date.parse(put.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(site.createdAt));
    expect(put.body.updatedAt).not.toBe(site.createdAt);
    expect((await reader.get(`${sitePath(site.id)}/adaptive-schema`)).body).toEqual(put.body);
  });

  it('refuses a body that is not a valid JSON Schema of visitor claims (400 naming jsonSchema)', async () => {
    const site = await createSite({ title: 'Strict schema' });
    const path = `${sitePath(site.id)}/adaptive-schema`;
    expectError(await org.api.put(path, {}), 400, /"jsonSchema"/);
    expectError(await org.api.put(path, { jsonSchema: 'object' }), 400, /"jsonSchema"/);
    // Not JSON Schema at all (the meta-schema rejects these).
    expectError(
      await org.api.put(path, { jsonSchema: { ...schema, properties: { a: { type: 'nope', description: 'x' } } } }),
      400,
      /"jsonSchema".*valid JSON Schema/,
    );
    expectError(await org.api.put(path, { jsonSchema: { ...schema, required: 'a' } }), 400, /"jsonSchema".*valid JSON Schema/);
    expectError(await org.api.put(path, { jsonSchema: { ...schema, $schema: 'https://example.com/unknown-meta' } }), 400, /"jsonSchema"/);
    // Valid JSON Schema, but not the reference's shape of claims.
    expectError(
      await org.api.put(path, { jsonSchema: { ...schema, properties: { a: { type: 'integer', description: 'x' } } } }),
      400,
      /"jsonSchema\.properties\.a/,
    );
    expectError(await org.api.put(path, { jsonSchema: { ...schema, properties: { a: { type: 'boolean' } } } }), 400, /"jsonSchema\.properties\.a/);
    expectError(await org.api.put(path, { jsonSchema: { ...schema, additionalProperties: true } }), 400, /"jsonSchema\.additionalProperties"/);
    expectError(await org.api.put(path, { jsonSchema: { ...schema, type: 'array' } }), 400, /"jsonSchema\.type"/);
    const unsigned = { type: 'object', description: 'Mine', properties: {}, additionalProperties: false };
    expectError(await org.api.put(path, { jsonSchema: { ...schema, properties: { unsigned } } }), 400, /"jsonSchema\.properties\.unsigned\.description"/);
  });

  it('needs the create role to change it; non-members get 404', async () => {
    const site = await createSite({ title: 'Guarded schema' });
    const path = `${sitePath(site.id)}/adaptive-schema`;
    expectError(await reader.put(path, { jsonSchema: schema }), 403);
    expectError(await editor.put(path, { jsonSchema: schema }), 403);
    expectError(await outsider.put(path, { jsonSchema: schema }), 404);
    expectError(await outsider.get(path), 404);
    expect((await creator.put(path, { jsonSchema: schema })).status).toBe(200);
  });
});

describe('GET .../published', () => {
  it('is a preview for members until the site is published, then answers site, structure and full customizations', async () => {
    const [a, b] = [await createSpace('Home'), await createSpace('Guides')];
    const site = await createSite({ title: 'Profile', spaces: [a.id, b.id] });
    // Members with read access see the profile before publishing, as a preview.
    const preview = await reader.get(`${sitePath(site.id)}/published`);
    expect(preview.status).toBe(200);
    expectOperationResponse('getPublishedContentSite', 200, preview.body);
    expect(preview.body.site).toMatchObject({ id: site.id, published: false });
    expectError(await outsider.get(`${sitePath(site.id)}/published`), 404);
    await publish(site.id);
    const res = await reader.get(`${sitePath(site.id)}/published`);
    expect(res.status).toBe(200);
    expectOperationResponse('getPublishedContentSite', 200, res.body);
    expect(res.body.object).toBe('published-content-site');
    expect(res.body.site).toMatchObject({ id: site.id, published: true, siteSpaces: 2 });
    expect(res.body.structure.type).toBe('siteSpaces');
    expect(res.body.structure.structure.map((s: { space: { id: string } }) => s.space.id)).toEqual([a.id, b.id]);
    const custom = res.body.customizations.site;
    expectSchema('SiteCustomizationSettings', custom);
    expect(custom).toMatchObject({
      title: 'Profile',
      styling: { theme: 'clean', tint: { color: { light: expect.any(String), dark: expect.any(String) } } },
      internationalization: { locale: 'en' },
    });
    expect(Object.keys(custom)).toEqual(expect.arrayContaining(['favicon', 'header', 'footer', 'themes', 'pdf', 'feedback', 'aiSearch', 'ai']));
    expect(res.body.customizations.siteSpaces).toEqual({});
    expect(res.body.scripts).toEqual([]);
    expectError(await outsider.get(`${sitePath(site.id)}/published`), 404);
  });

  it('answers sections and section groups in order for a site with sections', async () => {
    const site = await createSite({ title: 'Sectioned profile' });
    const spaces = [await createSpace('S1'), await createSpace('S2'), await createSpace('S3')];
    const sections = [];
    for (const space of spaces) sections.push((await org.api.post(`${sitePath(site.id)}/sections`, { spaceId: space.id })).body);
    const group = await org.api.post(`${sitePath(site.id)}/section-groups`, { title: 'Group', sections: [sections[1].id, sections[2].id] });
    expect(group.status).toBe(201);
    await publish(site.id);
    const res = await org.api.get(`${sitePath(site.id)}/published`);
    expect(res.status).toBe(200);
    expectOperationResponse('getPublishedContentSite', 200, res.body);
    expect(res.body.structure.type).toBe('sections');
    const [first, second] = res.body.structure.structure;
    expect(res.body.structure.structure).toHaveLength(2);
    expect(first).toMatchObject({ object: 'site-section', id: sections[0].id });
    expect(second).toMatchObject({ object: 'site-section-group', id: group.body.id });
    expect(second.sections.map((s: { id: string }) => s.id)).toEqual([sections[1].id, sections[2].id]);
  });
});

describe('site spaces follow content events', () => {
  const count = async (siteId: string) => (await getSite(siteId)).siteSpaces as number;

  it('hides a deleted space (the next one becomes default) and shows it again when restored', async () => {
    const [a, b] = [await createSpace('Deleted soon'), await createSpace('Stays')];
    const site = await createSite({ title: 'Following', spaces: [a.id, b.id] });
    expect(site.siteSpaces).toBe(2);

    expect((await org.api.delete(`/v1/spaces/${a.id}`)).status).toBe(205);
    await eventually(async () => (await count(site.id)) === 1);
    expect((await siteSpaces(site.id)).map((s) => [s.space.id, s.default])).toEqual([[b.id, true]]);
    expect((await listSites(`?space=${a.id}`)).items).toEqual([]);

    expect((await org.api.post(`/v1/spaces/${a.id}/restore`)).status).toBe(200);
    await eventually(async () => (await count(site.id)) === 2);
    // Back in its place, no longer the default.
    expect((await siteSpaces(site.id)).map((s) => [s.space.id, s.default])).toEqual([
      [a.id, false],
      [b.id, true],
    ]);
    expect((await listSites(`?space=${a.id}`)).items.map((s) => s.id)).toEqual([site.id]);
  });

  it("removes a space transferred to another organization from this organization's sites", async () => {
    const target = await cli(stack, 'orgs', 'create', '--title', 'Transfer target', '--owner', org.admin.email);
    const [a, b] = [await createSpace('Travelling'), await createSpace('Home')];
    const site = await createSite({ title: 'Losing a space', spaces: [a.id, b.id] });
    expect((await org.api.post(`/v1/spaces/${a.id}/transfer`, { organization: target })).status).toBe(200);
    await eventually(async () => (await count(site.id)) === 1);
    expect((await siteSpaces(site.id)).map((s) => [s.space.id, s.default])).toEqual([[b.id, true]]);
    expect((await listSites(`?space=${a.id}`)).items).toEqual([]);
  });
});

describe('error bodies', () => {
  it('are the shared error shape', async () => {
    const res = await outsider.get(sitePath('noSuchSite0000000000'));
    expectSchema('Error', res.body);
  });
});
