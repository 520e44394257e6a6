import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expectError, type ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { buildRoleCast, type OrgClient } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack, REPO_ROOT } from '../support/stack';

// OpenAPI specs: a source (text or URL) is processed by a job — fetched through the
// outbound-fetch rules, parsed, validated — into content-addressed versions. The stack runs with
// OUTBOUND_ALLOW_HOSTS=127.0.0.1, so the fixture server below is reachable and 127.0.0.2 is not.

const stack = currentStack();
const PETSTORE = readFileSync(join(REPO_ROOT, 'test/fixtures/openapi/petstore.yaml'), 'utf8');
const PETSTORE_V2 = PETSTORE.replace('version: 1.0.0', 'version: 2.0.0');

let org: OrgClient;
let reader: ApiClient;
let editor: ApiClient;
let creator: ApiClient;
let outsider: ApiClient;
let fixture: Server;
let fixtureUrl: string;
let fixtureHits = 0;

beforeAll(async () => {
  ({ org, reader, editor, creator, outsider } = await buildRoleCast(stack, 'Specs org'));
  fixture = createServer((req, res) => {
    fixtureHits++;
    if (req.url === '/petstore.yaml') return res.writeHead(200, { 'content-type': 'application/yaml' }).end(PETSTORE);
    if (req.url === '/redirect-out') return res.writeHead(302, { location: `http://127.0.0.2:${(fixture.address() as AddressInfo).port}/petstore.yaml` }).end();
    res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => fixture.listen(0, '0.0.0.0', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
});
afterAll(async () => {
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

const specsPath = () => `/v1/orgs/${org.id}/openapi`;
const specPath = (slug: string) => `${specsPath()}/${slug}`;

interface SpecBody {
  processingState: string;
  sourceURL?: string;
  lastVersion?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: string;
  lastProcessedErrors: { message: string; code?: string }[];
}

/** Waits until the spec's processing is complete and answers it (validated against the reference). */
async function processed(slug: string): Promise<SpecBody> {
  let spec = { processingState: 'pending', lastProcessedErrors: [] } as SpecBody;
  await eventually(async () => {
    const res = await org.api.get<SpecBody>(specPath(slug));
    expect(res.status).toBe(200);
    spec = res.body;
    return spec.processingState === 'complete';
  }, 20000);
  expectOperationResponse('getOpenAPISpecBySlug', 200, spec);
  return spec;
}

describe('OpenAPI specs from text', () => {
  it('processes a text spec to complete with one version, readable as content', async () => {
    const created = await org.api.post(specsPath(), { slug: 'petstore', source: { text: PETSTORE } });
    expect(created.status).toBe(201);
    expectOperationResponse('createOpenAPISpec', 201, created.body);
    expect(created.body).toMatchObject({ object: 'openapi-spec', slug: 'petstore', permissions: { view: true, edit: true } });
    expect(['pending', 'progress', 'complete']).toContain(created.body.processingState);

    const spec = await processed('petstore');
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect(spec.lastVersion).toEqual(expect.any(String));
    expect(spec.lastProcessedAt).toEqual(expect.any(String));

    const versions = await reader.get(`${specPath('petstore')}/versions`);
    expectOperationResponse('listOpenAPISpecVersions', 200, versions.body);
    expect(versions.body.count).toBe(1);
    expect(versions.body.items[0].id).toBe(spec.lastVersion);

    const latest = await reader.get(`${specPath('petstore')}/versions/latest`);
    expectOperationResponse('getLatestOpenAPISpecVersion', 200, latest.body);
    expect(latest.body.id).toBe(spec.lastVersion);

    const content = await reader.get(`${specPath('petstore')}/versions/latest/content`);
    expectOperationResponse('getLatestOpenAPISpecVersionContent', 200, content.body);
    expect(Object.values(content.body.filesystem)).toEqual([PETSTORE]);

    // The stored document downloads from its signed URL without a token, and not with a forged one.
    const download = await fetch(content.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/yaml/);
    expect(await download.text()).toBe(PETSTORE);
    const forged = await fetch(content.body.url.replace(/signature=[^&]+/, 'signature=forged'));
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { code: number } }).error.code).toBe(403);

    const byId = await reader.get(`${specPath('petstore')}/versions/${spec.lastVersion}/content`);
    expectOperationResponse('getOpenAPISpecVersionContentById', 200, byId.body);
  });

  it('makes a new version when a PUT changes the text, and none for identical text', async () => {
    const first = await org.api.put(specPath('versioned'), { source: { text: PETSTORE } });
    expect(first.status).toBe(201);
    expectOperationResponse('createOrUpdateOpenAPISpecBySlug', 201, first.body);
    const v1 = (await processed('versioned')).lastVersion;

    const second = await org.api.put(specPath('versioned'), { source: { text: PETSTORE_V2 } });
    expect(second.status).toBe(200);
    expectOperationResponse('createOrUpdateOpenAPISpecBySlug', 200, second.body);
    await eventually(async () => (await org.api.get(specPath('versioned'))).body.lastVersion !== v1, 20000);
    const v2 = (await processed('versioned')).lastVersion;
    const latest = await org.api.get(`${specPath('versioned')}/versions/latest`);
    expect(latest.body.id).toBe(v2);

    expect((await org.api.put(specPath('versioned'), { source: { text: PETSTORE_V2 } })).status).toBe(200);
    const again = await processed('versioned');
    expect(again.lastVersion).toBe(v2);
    const versions = await org.api.get(`${specPath('versioned')}/versions`);
    expect(versions.body.count).toBe(2);
    expect(versions.body.items.map((v: { id: string }) => v.id)).toEqual([v2, v1]); // newest first
  });

  it('answers PARSE_ERROR naming the line for broken YAML, and for a document that is not OpenAPI', async () => {
    expect((await org.api.post(specsPath(), { slug: 'broken', source: { text: 'openapi: 3.0.0\ninfo: [unclosed\npaths: {}\n' } })).status).toBe(201);
    const broken = await processed('broken');
    expect(broken.lastProcessErrorCode).toBe('PARSE_ERROR');
    expect(broken.lastProcessedErrors[0]?.message).toMatch(/line \d+/);
    expect(broken.lastVersion).toBeUndefined();
    expectError(await org.api.get(`${specPath('broken')}/versions/latest`), 404);

    expect((await org.api.post(specsPath(), { slug: 'not-openapi', source: { text: '{"hello": "world"}' } })).status).toBe(201);
    expect((await processed('not-openapi')).lastProcessErrorCode).toBe('PARSE_ERROR');
    expect((await org.api.post(specsPath(), { slug: 'invalid', source: { text: 'openapi: 3.0.0\npaths: {}\n' } })).status).toBe(201);
    const invalid = await processed('invalid');
    expect(invalid.lastProcessErrorCode).toBe('PARSE_ERROR');
    expect(JSON.stringify(invalid.lastProcessedErrors)).toMatch(/info/);
  });

  it('never reads a local file a $ref points at', async () => {
    const text = PETSTORE.replace("$ref: '#/components/schemas/Pet'", "$ref: 'file:///etc/passwd'");
    expect((await org.api.post(specsPath(), { slug: 'local-ref', source: { text } })).status).toBe(201);
    const spec = await processed('local-ref');
    const content = await org.api.get(`${specPath('local-ref')}/versions/latest/content`);
    const stored = spec.lastVersion ? JSON.stringify(content.body) : JSON.stringify(spec);
    expect(stored).not.toMatch(/root:x:0:0/);
  });
});

describe('OpenAPI specs from a URL', () => {
  it('fetches an allow-listed loopback URL to complete, with the source URL as the version URL', async () => {
    const before = fixtureHits;
    expect((await org.api.post(specsPath(), { slug: 'from-url', source: { url: `${fixtureUrl}/petstore.yaml` } })).status).toBe(201);
    const spec = await processed('from-url');
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect(spec.sourceURL).toBe(`${fixtureUrl}/petstore.yaml`);
    expect(fixtureHits).toBeGreaterThan(before);
    const latest = await org.api.get(`${specPath('from-url')}/versions/latest`);
    expect(latest.body.url).toBe(`${fixtureUrl}/petstore.yaml`);

    // A PUT of the same URL re-fetches: same content, no new version.
    const hits = fixtureHits;
    expect((await org.api.put(specPath('from-url'), { source: { url: `${fixtureUrl}/petstore.yaml` } })).status).toBe(200);
    await eventually(async () => fixtureHits > hits, 20000);
    expect((await processed('from-url')).lastVersion).toBe(spec.lastVersion);
  });

  it('stores FETCH_ERROR for a URL that answers 404, a loopback address not allow-listed, and a redirect to one', async () => {
    expect((await org.api.post(specsPath(), { slug: 'missing', source: { url: `${fixtureUrl}/missing.yaml` } })).status).toBe(201);
    const missing = await processed('missing');
    expect(missing.lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(JSON.stringify(missing.lastProcessedErrors)).toMatch(/404/);

    const port = (fixture.address() as AddressInfo).port;
    const hits = fixtureHits;
    expect((await org.api.post(specsPath(), { slug: 'loopback', source: { url: `http://127.0.0.2:${port}/petstore.yaml` } })).status).toBe(201);
    const loopback = await processed('loopback');
    expect(loopback.lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(JSON.stringify(loopback.lastProcessedErrors)).toMatch(/not allow-listed/);
    expect(fixtureHits).toBe(hits); // refused before any connection

    expect((await org.api.post(specsPath(), { slug: 'redirected', source: { url: `${fixtureUrl}/redirect-out` } })).status).toBe(201);
    expect((await processed('redirected')).lastProcessErrorCode).toBe('FETCH_ERROR');
  });
});

describe('bad input and permissions', () => {
  it('answers 400 naming the field for bad slugs and sources, and 409 for a duplicate slug', async () => {
    expectError(await org.api.post(specsPath(), { slug: 'Bad Slug', source: { text: PETSTORE } }), 400, /"slug"/);
    expectError(await org.api.post(specsPath(), { slug: 'x'.repeat(101), source: { text: PETSTORE } }), 400, /"slug"/);
    expectError(await org.api.post(specsPath(), { slug: 'both', source: { text: PETSTORE, url: `${fixtureUrl}/petstore.yaml` } }), 400, /"source"/);
    expectError(await org.api.post(specsPath(), { slug: 'neither', source: {} }), 400, /"source"/);
    expectError(await org.api.post(specsPath(), { slug: 'ftp', source: { url: 'ftp://example.com/spec.yaml' } }), 400, /"source.url"/);
    expectError(await org.api.post(specsPath(), { slug: 'nul', source: { text: 'a\u0000b' } }), 400, /"source.text".*NUL/);
    expectError(await org.api.post(specsPath(), { slug: 'empty', source: { text: '' } }), 400, /"source.text"/);
    expect((await org.api.post(specsPath(), { slug: 'twice', source: { text: PETSTORE } })).status).toBe(201);
    expectError(await org.api.post(specsPath(), { slug: 'twice', source: { text: PETSTORE } }), 409, /twice/);
    expectError(await org.api.get(specPath('Not%20A%20Slug')), 404);
    expectError(await org.api.get(specPath('%00')), 404);
  });

  it('answers 413 for a 20 MB text source', async () => {
    const res = await org.api.post(specsPath(), { slug: 'huge', source: { text: 'x'.repeat(20 * 1024 * 1024) } });
    expectError(res, 413);
  });

  it('lets members read, the create role manage, and hides the specs from outsiders', async () => {
    expect((await creator.post(specsPath(), { slug: 'by-creator', source: { text: PETSTORE } })).status).toBe(201);
    expectError(await editor.post(specsPath(), { slug: 'by-editor', source: { text: PETSTORE } }), 403);
    expectError(await reader.put(specPath('by-creator'), { source: { text: PETSTORE_V2 } }), 403);
    expectError(await reader.delete(specPath('by-creator')), 403);
    const read = await reader.get(specPath('by-creator'));
    expect(read.status).toBe(200);
    expect(read.body.permissions).toEqual({ view: true, edit: false });
    expectError(await outsider.get(specPath('by-creator')), 404);
    expectError(await outsider.get(specsPath()), 404);
    const list = await reader.get(`${specsPath()}?limit=2`);
    expectOperationResponse('listOpenAPISpecs', 200, list.body);
    expect(list.body.items).toHaveLength(2);
    expect(list.body.next.page).toEqual(expect.any(String));
  });

  it('deletes a spec with its versions: 205, then 404 on the spec and its versions', async () => {
    expect((await org.api.post(specsPath(), { slug: 'doomed', source: { text: PETSTORE } })).status).toBe(201);
    const spec = await processed('doomed');
    const del = await org.api.delete(specPath('doomed'));
    expect(del.status).toBe(205);
    expectError(await org.api.get(specPath('doomed')), 404);
    expectError(await org.api.get(`${specPath('doomed')}/versions`), 404);
    expectError(await org.api.get(`${specPath('doomed')}/versions/${spec.lastVersion}`), 404);
    expectError(await org.api.delete(specPath('doomed')), 404);
  });

  it('changes visibility with PATCH', async () => {
    expect((await org.api.post(specsPath(), { slug: 'visible', source: { text: PETSTORE } })).status).toBe(201);
    const res = await org.api.patch(specPath('visible'), { visibility: 'public' });
    expectOperationResponse('updateOpenAPISpecBySlug', 200, res.body);
    expect(res.body.visibility).toBe('public');
    expectError(await org.api.patch(specPath('visible'), { visibility: 'published' }), 400, /"visibility"/);
  });
});
