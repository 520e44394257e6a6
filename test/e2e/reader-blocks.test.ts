import { apiClient, type ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { buildOrganization } from '../support/factories';
import { currentStack } from '../support/stack';

// OpenAPI blocks (`openapi-operation`, `openapi-schemas`, `openapi-webhook`,
// `swagger`) rendered from the specs service's stored version, links to pages of other site spaces at their published addresses, and the search page's
// previous/next results links. Published through the API, then read with plain requests, no token.

const stack = currentStack();
let org: { id: string; api: ApiClient };
/** The site's first site space (Guide) and second one (Reference, at `v2`): absolute published addresses ending with `/`. */
let guideUrl: string;
let referenceUrl: string;
let referencePagePath: string;
let otherOrgSpec: string;
/** The petstore spec's own API address (`urls.location`): a swagger block naming it shows its operation. */
let petstoreLocation: string;

const visit = (url: string) => fetch(url, { redirect: 'manual' });
const pathOf = (url: string) => new URL(url).pathname;

const PETSTORE = {
  openapi: '3.1.0',
  info: { title: 'Petstore', version: '1.0.0' },
  webhooks: {
    newPet: {
      post: {
        summary: 'A pet was added',
        description: 'Sent when a pet <b>joins</b>.',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: { '200': { description: 'Received' } },
      },
    },
  },
  paths: {
    '/pets': { get: { summary: 'List all pets', responses: { '200': { description: 'The pets' } } } },
    '/pets/{petId}': {
      get: {
        summary: 'Find a pet by id',
        description: 'Answers the pet <script>alert(1)</script>.',
        parameters: [
          { name: 'petId', in: 'path', required: true, description: 'The id of the pet', schema: { type: 'integer', format: 'int64' } },
          { name: 'fields', in: 'query', description: 'Fields to answer', schema: { type: 'array', items: { type: 'string' } } },
        ],
        responses: {
          '200': { description: 'The pet found', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          '404': { description: 'No such pet' },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        description: 'A pet of the <i>store</i>',
        required: ['name'],
        properties: { name: { type: 'string' }, tag: { type: 'string' }, owner: { $ref: '#/components/schemas/Owner' } },
      },
      Owner: { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
    },
  },
};

/** Puts an OpenAPI spec (text source) and waits until its version is stored. */
async function processedSpec(client: ApiClient, orgId: string, slug: string, document: unknown): Promise<void> {
  const put = await client.put(`/v1/orgs/${orgId}/openapi/${slug}`, { source: { text: JSON.stringify(document) } });
  expect([200, 201]).toContain(put.status);
  await eventually(async () => (await client.get(`/v1/orgs/${orgId}/openapi/${slug}`)).body.processingState === 'complete', 20000);
  expect((await client.get(`/v1/orgs/${orgId}/openapi/${slug}`)).body.lastVersion).toEqual(expect.any(String));
}

/** A space whose main revision holds `changes` (one change request, merged); answers its id and the created pages by ref. */
async function spaceWith(title: string, changes: unknown[]): Promise<{ id: string; pages: Record<string, string> }> {
  const id = (await org.api.post(`/v1/orgs/${org.id}/spaces`, { title })).body.id as string;
  const cr = (await org.api.post(`/v1/spaces/${id}/change-requests`, { subject: 'Pages' })).body.id as string;
  const edit = await org.api.post(`/v1/spaces/${id}/change-requests/${cr}/content?compat=false`, { changes });
  expect(edit.status).toBe(200);
  expect((await org.api.post(`/v1/spaces/${id}/change-requests/${cr}/merge`)).status).toBe(200);
  const pages: Record<string, string> = {};
  for (const change of (edit.body as { changes: { ref?: string; page?: { id: string } }[] }).changes)
    if (change.ref && change.page) pages[change.ref] = change.page.id;
  return { id, pages };
}

const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
const paragraph = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', data: {}, nodes });
const link = (ref: Record<string, unknown>, label: string) => ({ object: 'inline', type: 'link', data: { ref }, nodes: [text(label)] });
const operationBlock = (spec: string, method: string, path: string) => ({
  object: 'block',
  type: 'openapi-operation',
  isVoid: true,
  data: { ref: { kind: 'openapi', spec }, method, path },
});
const schemasBlock = (spec: string, schemas: string[]) => ({
  object: 'block',
  type: 'openapi-schemas',
  isVoid: true,
  data: { ref: { kind: 'openapi', spec }, schemas },
});
const webhookBlock = (spec: string, method: string, name: string) => ({
  object: 'block',
  type: 'openapi-webhook',
  isVoid: true,
  data: { ref: { kind: 'openapi', spec }, method, name },
});
const swaggerBlock = (url: string, method: string, path: string) => ({
  object: 'block',
  type: 'swagger',
  isVoid: true,
  data: { ref: { kind: 'url', url }, method, path },
});

beforeAll(async () => {
  const [own, second] = await Promise.all([buildOrganization(stack, 'Reader blocks org'), buildOrganization(stack, 'Another org')]);
  org = { id: own.id, api: apiClient(stack, own.admin.token) };
  const other = { id: second.id, api: apiClient(stack, second.admin.token) };
  // Another organization's spec: a site of this organization never shows it.
  otherOrgSpec = `secret-${Date.now().toString(36)}`;
  await Promise.all([
    processedSpec(org.api, org.id, 'petstore', PETSTORE),
    processedSpec(other.api, other.id, otherOrgSpec, {
      ...PETSTORE,
      paths: { '/secret': { get: { summary: 'Secret operation', responses: { '200': { description: 'ok' } } } } },
    }),
  ]);
  petstoreLocation = (await org.api.get(`/v1/orgs/${org.id}/openapi/petstore`)).body.urls.location as string;
  // The same slug in this organization holds no such operation: the other one's must not be read either.
  const reference = await spaceWith('Reference', [
    { operation: 'insert_page', ref: 'start', title: 'Reference home', document: { markdown: 'The reference.' } },
    { operation: 'insert_page', ref: 'auth', title: 'Authentication', document: { markdown: 'Tokens and keys.' } },
  ]);
  const unpublished = await spaceWith('Unpublished', [{ operation: 'insert_page', ref: 'x', title: 'Hidden away', document: { markdown: 'x' } }]);
  const filler = Array.from({ length: 25 }, (_, i) => ({
    operation: 'insert_page',
    title: `Wombat note ${i + 1}`,
    document: { markdown: `Wombat burrow number ${i + 1}.` },
  }));
  const guide = await spaceWith('Guide', [
    {
      operation: 'insert_page',
      ref: 'api',
      title: 'Pets API',
      document: {
        document: {
          object: 'document',
          data: {},
          nodes: [
            paragraph(text('The operation:')),
            operationBlock('petstore', 'get', '/pets/{petId}'),
            operationBlock('petstore', 'delete', '/pets/{petId}'),
            operationBlock(otherOrgSpec, 'get', '/secret'),
            schemasBlock('petstore', ['Pet', 'Ghost']),
            schemasBlock(otherOrgSpec, ['Pet']),
            webhookBlock('petstore', 'post', 'newPet'),
            webhookBlock('petstore', 'post', 'gone'),
            webhookBlock(otherOrgSpec, 'post', 'newPet'),
            swaggerBlock(petstoreLocation, 'get', '/pets'),
            swaggerBlock('https://specs.example.com/petstore.yaml?v=1&x="2"', 'get', '/pets'),
            swaggerBlock('javascript:alert(1)', 'post', '/pets'),
            paragraph(
              link({ kind: 'page', page: reference.pages.auth, space: reference.id }, 'authentication'),
              text(' · '),
              link({ kind: 'space', space: reference.id }, 'the reference'),
              text(' · '),
              link({ kind: 'page', page: unpublished.pages.x, space: unpublished.id }, 'not on this site'),
            ),
          ],
        },
      },
    },
    ...filler,
  ]);

  const site = await org.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Blocks site', spaces: [guide.id] });
  expect(site.status).toBe(201);
  const siteId = site.body.id as string;
  const second_ = await org.api.post(`/v1/orgs/${org.id}/sites/${siteId}/site-spaces`, { spaceId: reference.id });
  expect((await org.api.patch(`/v1/orgs/${org.id}/sites/${siteId}/site-spaces/${second_.body.id}`, { path: 'v2' })).status).toBe(200);
  expect((await org.api.post(`/v1/orgs/${org.id}/sites/${siteId}/publish`)).status).toBe(200);
  const listed = (await org.api.get(`/v1/orgs/${org.id}/sites/${siteId}/site-spaces`)).body.items as { space: { id: string }; urls: { published: string } }[];
  const urlOf = (spaceId: string) => listed.find((s) => s.space.id === spaceId)!.urls.published.replace(/\/?$/, '/');
  guideUrl = urlOf(guide.id);
  referenceUrl = urlOf(reference.id);
  const pages = (await org.api.get(`/v1/spaces/${reference.id}/content/pages`)).body.pages as { id: string; path: string }[];
  referencePagePath = pages.find((p) => p.id === reference.pages.auth)!.path;
});

describe('openapi blocks', () => {
  it('shows the operation from the organization’s stored spec: method, path, summary, parameters, responses with schemas, escaped', async () => {
    const res = await visit(`${guideUrl}pets-api`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<strong>Find a pet by id</strong>');
    expect(html).toContain('<code class="openapi-method">GET</code> <code>/pets/{petId}</code>');
    // Descriptions are markdown: raw HTML in them is left out as markup, kept as text.
    expect(html).toContain('<p>Answers the pet alert(1).</p>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toMatch(/<th scope="row"><code>petId<\/code><\/th><td>path<\/td><td>integer \(int64\)<\/td><td>yes<\/td><td><p>The id of the pet<\/p><\/td>/);
    expect(html).toMatch(/<code>fields<\/code><\/th><td>query<\/td><td>array of string<\/td><td>no<\/td>/);
    // A schema is a property table, then an example built from it.
    expect(html).toMatch(
      /<li><p><code>200<\/code> <code>application\/json<\/code><\/p><p>The pet found<\/p><div class="table openapi-properties"[^>]*><table>.*?<th scope="row"><code>name<\/code><\/th><td>string<\/td><td>yes<\/td>/s,
    );
    expect(html).toContain('<span class="code-title">Example response</span>');
    expect(html).toContain('<p>No such pet</p>');
  });

  it('says "operation not available" for an operation the spec lacks and for another organization’s spec, never an error page', async () => {
    const html = await (await visit(`${guideUrl}pets-api`)).text();
    expect(html).toContain('<p class="openapi openapi-unavailable"><code>DELETE /pets/{petId}</code>: operation not available.</p>');
    expect(html).toContain('<p class="openapi openapi-unavailable"><code>GET /secret</code>: operation not available.</p>');
    expect(html).not.toContain('Secret operation');
  });
});

describe('openapi-schemas, openapi-webhook and swagger blocks', () => {
  it('shows the named schemas of the organization’s spec: name, type, description and schema with its refs inlined, escaped', async () => {
    const html = await (await visit(`${guideUrl}pets-api`)).text();
    const box = /<div class="openapi openapi-schemas">(.*?schema not available\.<\/p>)/s.exec(html)?.[1] ?? '';
    expect(box).toContain('<p class="openapi-section"><strong>Pet</strong> <code>object</code></p><p>A pet of the store</p>');
    // The owner's schema (a $ref, inlined) nests its own property table.
    expect(box).toMatch(
      /<code>owner<\/code><\/th><td>object<\/td><td>no<\/td><td><div class="table openapi-properties"[^>]*><table>.*?<code>email<\/code><\/th><td>string \(email\)<\/td>/s,
    );
    expect(box).toContain('<p class="openapi-unavailable"><code>Ghost</code>: schema not available.</p>');
  });

  it('shows the webhook like an operation: the Webhook mark, method, name, summary, description, request body schema, responses', async () => {
    const html = await (await visit(`${guideUrl}pets-api`)).text();
    expect(html).toContain(
      '<p><strong>A pet was added</strong></p><p><small class="openapi-kind">Webhook</small> <code class="openapi-method">POST</code> <code>newPet</code></p>',
    );
    expect(html).toContain('<p>Sent when a pet joins.</p>');
    expect(html).toMatch(/<strong>Request body<\/strong> <code>application\/json<\/code><\/p><div class="table openapi-properties"/);
    expect(html).toContain('<li><p><code>200</code></p><p>Received</p></li>');
  });

  it('says "not available" for a missing webhook or schema and for another organization’s spec, never an error page', async () => {
    const res = await visit(`${guideUrl}pets-api`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<p class="openapi openapi-unavailable"><code>POST gone</code>: webhook not available.</p>');
    // The other organization's spec has a Pet schema and a newPet webhook: neither is read.
    expect(html).toContain('<p class="openapi openapi-unavailable"><code>Pet</code>: schemas not available.</p>');
    expect(html).toContain('<p class="openapi openapi-unavailable"><code>POST newPet</code>: webhook not available.</p>');
  });

  it('shows a swagger block’s operation when its URL is the organization’s spec, else method, path and the spec’s address (a link only for http(s))', async () => {
    const html = await (await visit(`${guideUrl}pets-api`)).text();
    expect(html).toContain('<p><strong>List all pets</strong></p><p><code class="openapi-method">GET</code> <code>/pets</code></p>');
    expect(html).toContain(
      '<p class="openapi openapi-source"><code>GET /pets</code> in <a href="https://specs.example.com/petstore.yaml?v=1&#x26;x=%222%22" rel="noopener noreferrer">https://specs.example.com/petstore.yaml?v=1&#x26;x=%222%22</a></p>',
    );
    expect(html).toContain('<p class="openapi openapi-source"><code>POST /pets</code> in javascript:alert(1)</p>');
    expect(html).not.toContain('href="javascript:');
  });
});

describe('links to other site spaces', () => {
  it('links a page of another site space at that site space’s address, which answers 200; a space link goes to its root', async () => {
    const html = await (await visit(`${guideUrl}pets-api`)).text();
    const target = `${pathOf(referenceUrl)}${referencePagePath}`;
    expect(html).toContain(`<a href="${target}">authentication</a>`);
    expect(html).toContain(`<a href="${pathOf(referenceUrl)}">the reference</a>`);
    const page = await visit(new URL(target, guideUrl).href);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Authentication | Blocks site</title>');
  });

  it('keeps a link to a space the site does not publish as text', async () => {
    const html = await (await visit(`${guideUrl}pets-api`)).text();
    expect(html).toContain('not on this site');
    expect(html).not.toMatch(/<a [^>]*>not on this site<\/a>/);
  });
});

describe('search paging', () => {
  const pagingLinks = (html: string) => {
    const nav = /<nav class="pagination search-paging" aria-label="More search results">(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
    return Object.fromEntries([...nav.matchAll(/<a href="([^"]*)"[^>]*rel="(prev|next)"/g)].map((m) => [m[2], m[1]!.replace(/&amp;/g, '&')]));
  };
  const resultTitles = (page: string) =>
    [...(/<ol class="plain search-results">(.*?)<\/ol>/s.exec(page)?.[1] ?? '').matchAll(/<li><a href="[^"]*">(Wombat note \d+)<\/a>/g)].map((m) => m[1]);

  it('links the next results from the first page and the previous ones back, with rel=next and rel=prev', async () => {
    const search = `${guideUrl}~search?q=wombat`;
    // Indexing follows the merge asynchronously.
    let first = '';
    await eventually(async () => {
      first = await (await visit(search)).text();
      return pagingLinks(first).next !== undefined;
    }, 20000);
    expect(pagingLinks(first)).toEqual({ next: `${pathOf(guideUrl)}~search?q=wombat&page=2` });
    const second = await visit(new URL(pagingLinks(first).next!, guideUrl).href);
    expect(second.status).toBe(200);
    const html = await second.text();
    expect(pagingLinks(html)).toEqual({ prev: `${pathOf(guideUrl)}~search?q=wombat` });
    const onBoth = resultTitles(first).filter((t) => resultTitles(html).includes(t));
    expect(resultTitles(first)).toHaveLength(20);
    expect(resultTitles(html).length).toBeGreaterThanOrEqual(5);
    expect(onBoth).toEqual([]);
  });
});
