import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { apiClient } from '../support/api';
import { TodayLedger } from '../support/client-0202';
import { eventually } from '../support/eventually';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// A site as machines read it (docs/reader.md, Pages machines read): API reference blocks in the
// `.md`, `llms-full.txt` and MCP getPage as text (content stores GitBook's bare tags); search snippets
// from a sentence's start; each version's relative links resolved against its own address in
// `llms-full.txt`; `<lastmod>` in the sitemap; `.gitbook/assets/…` images under the page's audience rules.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
let siteUrl: string;
let orgId: string;
let api: GitBookAPI;
let v1SpaceId: string;

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** A page of each version links its own version's quickstart, relatively, as Git Sync lays it out. */
const LINKS = 'Read the [Quickstart](quickstart.md) first.\n\n![Diagram](./diagram)';

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
  orgId = own.id;
  api = ledger.client(own.admin.token);
  const raw = apiClient(stack, own.admin.token);
  expect((await raw.put(`/v1/orgs/${own.id}/openapi/scaler`, { source: { text: JSON.stringify(SPEC) } })).status).toBeLessThan(300);
  await eventually(async () => (await raw.get(`/v1/orgs/${own.id}/openapi/scaler`)).body.processingState === 'complete', 20_000);
  const { data: space } = await api.orgs.createSpace(own.id, { title: 'Scaler API' });
  await mergeChanges(api, space.id, [
    { operation: 'insert_page', title: 'Overview', document: { markdown: OVERVIEW } },
    { operation: 'insert_page', title: 'Scaler API', document: { markdown: API_PAGE } },
    { operation: 'insert_page', title: 'Quickstart', document: { markdown: 'Start with v1.' } },
    { operation: 'insert_page', title: 'Links', document: { markdown: LINKS } },
    { operation: 'insert_files', files: [{ name: 'diagram.png', ref: 'diagram', base64: PNG, contentType: 'image/png' }] },
  ] as never);
  v1SpaceId = space.id;
  const { data: v2 } = await api.orgs.createSpace(own.id, { title: 'Scaler API v2' });
  await mergeChanges(api, v2.id, [
    { operation: 'insert_page', title: 'Quickstart', document: { markdown: 'Start with v2.' } },
    { operation: 'insert_page', title: 'Links', document: { markdown: LINKS } },
    { operation: 'insert_files', files: [{ name: 'diagram.png', ref: 'diagram', base64: PNG, contentType: 'image/png' }] },
  ] as never);
  const { data: site } = await api.orgs.createSite(own.id, { title: 'Scaler docs', visibility: SiteVisibility.Public, spaces: [space.id] });
  const { data: second } = await api.orgs.addSpaceToSite(own.id, site.id, { spaceId: v2.id });
  await api.orgs.updateSiteSpaceById(own.id, site.id, second.id, { path: 'v2' });
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

it('llms-full.txt resolves each page’s relative links against its own version’s address', async () => {
  const text = await (await fetch(`${siteUrl}llms-full.txt`)).text();
  const partOf = (source: string) => {
    const start = text.indexOf(`Source: ${source}`);
    expect(start).toBeGreaterThan(-1);
    return text.slice(start, text.indexOf('\n# ', start));
  };
  expect(partOf(`${siteUrl}links.md`)).toContain(`[Quickstart](${siteUrl}quickstart.md)`);
  expect(partOf(`${siteUrl}v2/links.md`)).toContain(`[Quickstart](${siteUrl}v2/quickstart.md)`);
  expect(partOf(`${siteUrl}v2/links.md`)).toContain(`${siteUrl}v2/.gitbook/assets/diagram.png`);
  // Each version's quickstart answers its own text at the address its link names.
  expect(await (await fetch(`${siteUrl}v2/quickstart.md`)).text()).toContain('Start with v2.');
  expect(await (await fetch(`${siteUrl}quickstart.md`)).text()).toContain('Start with v1.');
});

it('sitemap.xml gives each page its lastmod', async () => {
  const xml = await (await fetch(`${siteUrl}sitemap.xml`)).text();
  for (const path of ['links', 'v2/', 'v2/links']) {
    expect(xml).toMatch(new RegExp(`<url><loc>${siteUrl}${path}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod></url>`));
  }
});

it('a share-link site answers the .md’s .gitbook/assets images only with the key, as its pages', async () => {
  const { data: site } = await api.orgs.createSite(orgId, { title: 'Shared scaler', visibility: SiteVisibility.ShareLink, spaces: [v1SpaceId] });
  await api.orgs.publishSite(orgId, site.id);
  const url = (await api.orgs.getSiteById(orgId, site.id)).data.urls.published!;
  const { data: link } = await api.orgs.createSiteShareLink(orgId, site.id, { name: 'Agents' });
  const key = new URL(link.urls.published!).searchParams.get('share_key')!;
  const asset = `${url}.gitbook/assets/diagram.png`;
  expect((await fetch(asset, { redirect: 'manual' })).status).toBe(404);
  const entry = await fetch(`${url}links.md?share_key=${key}`, { redirect: 'manual' });
  const cookie = entry.headers.getSetCookie()[0]!.split(';')[0]!;
  const markdown = await (await fetch(`${url}links.md`, { headers: { cookie } })).text();
  expect(markdown).toContain('.gitbook/assets/diagram.png');
  const redirect = await fetch(asset, { redirect: 'manual', headers: { cookie } });
  expect(redirect.status).toBe(302);
  // To the image's content-addressed address on the site, which asks for the key as well.
  const stable = new URL(redirect.headers.get('location')!, asset);
  expect(stable.pathname).toMatch(/\/~files\/[0-9a-f]{64}\/diagram\.png$/);
  expect((await fetch(stable, { redirect: 'manual' })).status).toBe(404);
  const image = await fetch(stable, { headers: { cookie } });
  expect(image.status).toBe(200);
  expect(Buffer.from(await image.arrayBuffer()).toString('base64')).toBe(PNG);
});
