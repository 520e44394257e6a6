import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SiteVisibility } from 'gitbook-api-0202';
import { apiClient } from '../support/api';
import { TodayLedger } from '../support/client-0202';
import { eventually } from '../support/eventually';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// API reference pages as machines read them (docs/reader.md, Pages machines read): the `.md`, the
// page's part of `llms-full.txt` and MCP getPage carry the operation's and schemas' parameters,
// bodies and responses as text, where content stores only GitBook's bare tags.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
let siteUrl: string;

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Scaler', version: '1.0.0' },
  paths: {
    '/scalers/{scalerId}': {
      put: {
        summary: 'Update a scaler',
        parameters: [{ name: 'scalerId', in: 'path', required: true, description: 'The scaler to change', schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Scaler' } } } },
        responses: {
          '200': { description: 'The scaler as changed', content: { 'application/json': { schema: { $ref: '#/components/schemas/Scaler' } } } },
          '404': { description: 'No such scaler' },
        },
      },
    },
  },
  components: {
    schemas: {
      Scaler: {
        type: 'object',
        description: 'An autoscaler',
        required: ['minimum'],
        properties: {
          minimum: { type: 'integer', description: 'Fewest replicas kept' },
          mode: { type: 'string', enum: ['fast', 'steady'] },
        },
      },
    },
  },
};

const API_PAGE = [
  'Change a scaler.',
  '',
  '{% openapi-operation spec="scaler" path="/scalers/{scalerId}" method="put" %}',
  '{% endopenapi-operation %}',
  '',
  '{% openapi-schemas spec="scaler" schemas="Scaler" %}',
  '{% endopenapi-schemas %}',
].join('\n');

// The match sits mid-sentence after a sentence long enough that a window of words around it starts mid-sentence.
const OVERVIEW = [
  'The scaler API changes how many replicas of a service run, and it measures load over a minute before it decides anything at all.',
  'Cold starts are rare because the quillwort setting keeps one replica warm whatever the measured load is.',
].join(' ');

/** What each machine form of the API page must hold: the operation and the schema as text, no tag. */
function expectApiText(markdown: string): void {
  expect(markdown).toContain('Change a scaler.');
  expect(markdown).toContain('**`PUT /scalers/{scalerId}`**: Update a scaler');
  expect(markdown).toContain('| `scalerId` | path | string | yes | The scaler to change |');
  expect(markdown).toContain('Request body (`application/json`, required');
  expect(markdown).toContain('| `minimum` | integer | yes | Fewest replicas kept |');
  expect(markdown).toContain('| `mode` | string (one of fast, steady) | no |  |');
  expect(markdown).toContain('- `200`: The scaler as changed, `application/json`');
  expect(markdown).toContain('- `404`: No such scaler');
  expect(markdown).toContain('**Scaler** (object): An autoscaler');
  expect(markdown).not.toMatch(/\{%\s*(end)?openapi/);
}

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Reader machine forms org');
  const api = ledger.client(own.admin.token);
  const raw = apiClient(stack, own.admin.token);
  expect((await raw.put(`/v1/orgs/${own.id}/openapi/scaler`, { source: { text: JSON.stringify(SPEC) } })).status).toBeLessThan(300);
  await eventually(async () => (await raw.get(`/v1/orgs/${own.id}/openapi/scaler`)).body.processingState === 'complete', 20_000);
  const { data: space } = await api.orgs.createSpace(own.id, { title: 'Scaler API' });
  await mergeChanges(api, space.id, [
    { operation: 'insert_page', title: 'Overview', document: { markdown: OVERVIEW } },
    { operation: 'insert_page', title: 'Scaler API', document: { markdown: API_PAGE } },
  ] as never);
  const { data: site } = await api.orgs.createSite(own.id, { title: 'Scaler docs', visibility: SiteVisibility.Public, spaces: [space.id] });
  await api.orgs.updateSiteById(own.id, site.id, { basename: `forms-${unique}` });
  await api.orgs.publishSite(own.id, site.id);
  siteUrl = (await api.orgs.getSiteById(own.id, site.id)).data.urls.published!;
}, 60_000);

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

it('a page’s .md shows its API reference blocks as text', async () => {
  const res = await fetch(`${siteUrl}scaler-api.md`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
  const markdown = await res.text();
  expect(markdown).toMatch(/^# Scaler API\n\nChange a scaler\./);
  expectApiText(markdown);
});

it('llms-full.txt shows them as text in the page’s part', async () => {
  const res = await fetch(`${siteUrl}llms-full.txt`);
  expect(res.status).toBe(200);
  const text = await res.text();
  const part = text.slice(text.indexOf('# Scaler API'));
  expect(part).toContain(`Source: ${siteUrl}scaler-api.md`);
  expectApiText(part);
});

it('MCP getPage shows them as text', async () => {
  const client = new Client({ name: 'quire-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('~gitbook/mcp', siteUrl)));
  try {
    const result = await client.callTool({ name: 'getPage', arguments: { path: 'scaler-api' } });
    expect(result.isError).toBeFalsy();
    const text = (result.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');
    expect(text).toMatch(/^# Scaler API\n/);
    expectApiText(text);
  } finally {
    await client.close();
  }
});

it('search snippets start where the sentence holding the match starts', async () => {
  const client = new Client({ name: 'quire-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('~gitbook/mcp', siteUrl)));
  try {
    let text = '';
    await eventually(async () => {
      const result = await client.callTool({ name: 'searchDocumentation', arguments: { query: 'quillwort' } });
      text = (result.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');
      return !result.isError && text.includes('Overview');
    }, 30_000);
    expect(text.replace(/\*\*/g, '')).toMatch(/\bCold starts are rare because the quillwort setting/);
    expect(text).not.toMatch(/before it decides anything at all/);
  } finally {
    await client.close();
  }
});
