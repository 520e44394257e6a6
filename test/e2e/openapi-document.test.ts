import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { ROUTE_TABLE } from '@quire/gateway/route-table';
import { apiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { buildOrganization } from '../support/factories';
import { currentStack, REPO_ROOT } from '../support/stack';

// The gateway serves Quire's own OpenAPI document, without a token, and it covers
// every route the gateway routes. The document is valid OpenAPI, to the parser
// Quire's specs service uses and to that service itself.

const stack = currentStack();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is checked field by field
type Json = any;
const openapiPath = (path: string) => path.replace(/^\/v1(?=\/)/, '');

describe('GET /openapi.json', () => {
  it('answers the committed document without a token, and it describes every route of the gateway', async () => {
    const res = await fetch(`${stack.url}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await res.json()) as Json;
    expect(document).toEqual(JSON.parse(readFileSync(join(REPO_ROOT, 'docs/openapi.json'), 'utf8')));
    expect(document.openapi).toBe('3.1.0');
    const missing = ROUTE_TABLE.filter((route) => !document.paths[openapiPath(route.path)]?.[route.method.toLowerCase()]);
    expect(missing).toEqual([]);
    for (const path of ['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs', '/docs/assets/{name}'])
      expect(document.paths[path].get['x-quire-extension']).toBe(true);
  });

  it('lists for each operation the error statuses it answers, each with the error shape', async () => {
    const document = (await (await fetch(`${stack.url}/openapi.json`)).json()) as Json;
    const teams = document.paths['/orgs/{organizationId}/teams'];
    expect(Object.keys(teams.put.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '413', '415', '429', '503']));
    expect(document.components.responses.Error404.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    const notFound = (await (await fetch(`${stack.url}/v1/orgs/nope/teams`, { headers: { authorization: `Bearer ${stack.token}` } })).json()) as Json;
    expect(Object.keys(notFound)).toEqual(['error']);
    expect(Object.keys(notFound.error).sort()).toEqual(['code', 'message']);
  });
});

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
/** `METHOD path` of every operation, sorted. */
const operationsOf = (document: Json): string[] =>
  Object.entries<Json>(document.paths)
    .flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();

describe('Quire publishing its own OpenAPI document', () => {
  it('passes @readme/openapi-parser with every rule an error, stricter than the specs service', async () => {
    const document = (await (await fetch(`${stack.url}/openapi.json`)).json()) as Json;
    const result = await validate(document, { resolve: { external: false, file: false } });
    expect(result.valid ? [] : result.errors.map((e) => e.message)).toEqual([]);
    expect(result.warnings.map((w) => w.message)).toEqual([]);
  });

  it("is processed by Quire's own specs service to complete, with every operation in the stored version", async () => {
    const text = await (await fetch(`${stack.url}/openapi.json`)).text();
    const { id, admin } = await buildOrganization(stack, 'Quire publishes Quire');
    const api = apiClient(stack, admin.token);
    const specPath = `/v1/orgs/${id}/openapi/quire`;
    expect((await api.put(specPath, { source: { text } })).status).toBe(201);
    let spec: Json;
    await eventually(async () => {
      spec = (await api.get(specPath)).body;
      return spec.processingState === 'complete';
    }, 30000);
    expect({ errorCode: spec.lastProcessErrorCode, errors: spec.lastProcessedErrors ?? [] }).toEqual({ errorCode: undefined, errors: [] });
    const content = await api.get(`${specPath}/versions/${spec.lastVersion}/content`);
    expect(content.status).toBe(200);
    expect(Object.keys(content.body.filesystem)).toEqual(['openapi.json']);
    const stored = JSON.parse(content.body.filesystem['openapi.json']) as Json;
    const served = JSON.parse(text) as Json;
    expect(operationsOf(stored)).toEqual(operationsOf(served));
    expect(operationsOf(stored)).toEqual(expect.arrayContaining(['GET /openapi-documents/{versionId}', 'PUT /orgs/{organizationId}/openapi/{specSlug}']));
  });
});
