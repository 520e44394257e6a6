import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_TABLE } from '@quire/common';
import { currentStack, REPO_ROOT } from '../support/stack';

// Issue #23 §1: the gateway serves Quire's own OpenAPI document, without a token, and it covers
// every route the gateway routes.

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
