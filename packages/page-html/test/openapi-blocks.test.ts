import type { OpenApiBlock, PageRenderContext } from '../src';
import { context, doc, render, voidBlock } from './document-builders';

/** The page without an operation's request samples (openapi-schema.test.ts checks them). */
const withoutSamples = (html: string): string =>
  html.replace(/<p class="openapi-section"><strong>Request samples<\/strong><\/p><div class="tabs openapi-samples">.*?<\/section><\/div>/s, '');

// The OpenAPI blocks besides openapi-operation: openapi-schemas and openapi-webhook from
// the data the caller gives, swagger blocks as an operation when the caller has the spec, else as their
// spec's address (a link only for http(s), never fetched). Everything escaped.

const openapi = (answer: PageRenderContext['openapi']) => ({ ...context, openapi: answer });
const blockHtml = async (type: string, data: Record<string, unknown>, ctx: PageRenderContext = context) => (await render(doc(voidBlock(type, data)), ctx)).html;
const schemasData = { schemas: ['Pet', 'Owner'], ref: { kind: 'openapi', spec: 'petstore' } };

describe('openapi-schemas blocks', () => {
  it('shows each named schema with its type, description and schema text, grouped in one box with the block title; a missing one says so', async () => {
    const asked: OpenApiBlock[] = [];
    const html = await blockHtml(
      'openapi-schemas',
      { ...schemasData, title: 'Models <i>' },
      openapi((request) => {
        asked.push(request);
        return {
          schemas: [
            { name: 'Pet', type: 'object', description: 'A pet <script>x</script>', schema: '{\n  "type": "object" </code><script>\n}' },
            { name: 'Owner', unavailable: true },
          ],
        };
      }),
    );
    expect(asked).toEqual([{ type: 'openapi-schemas', data: { ...schemasData, title: 'Models <i>' } }]);
    expect(html).toBe(
      '<div class="openapi openapi-schemas"><p><strong>Models &#x3C;i></strong></p>' +
        '<p class="openapi-section"><strong>Pet</strong> <code>object</code></p><p>A pet x</p>' +
        '<pre class="openapi-schema" tabindex="0"><code>{\n  "type": "object" &#x3C;/code>&#x3C;script>\n}</code></pre>' +
        '<p class="openapi-unavailable"><code>Owner</code>: schema not available.</p></div>',
    );
  });

  it('shows one box per schema when grouped is false', async () => {
    const html = await blockHtml(
      'openapi-schemas',
      { ...schemasData, grouped: false },
      openapi(() => ({
        schemas: [
          { name: 'Pet', schema: '{}' },
          { name: 'Owner', type: 'Owner', schema: '[]' },
        ],
      })),
    );
    expect(html).toBe(
      '<div class="openapi"><p class="openapi-section"><strong>Pet</strong></p><pre class="openapi-schema" tabindex="0"><code>{}</code></pre></div>' +
        '<div class="openapi"><p class="openapi-section"><strong>Owner</strong></p><pre class="openapi-schema" tabindex="0"><code>[]</code></pre></div>',
    );
  });

  it('says "schemas not available" with the stored names when the spec is missing or gives none', async () => {
    const note = '<p class="openapi openapi-unavailable"><code>Pet, Owner</code>: schemas not available.</p>';
    expect(
      await blockHtml(
        'openapi-schemas',
        schemasData,
        openapi(() => ({ unavailable: true })),
      ),
    ).toBe(note);
    expect(
      await blockHtml(
        'openapi-schemas',
        schemasData,
        openapi(() => ({ schemas: [] })),
      ),
    ).toBe(note);
  });
});

describe('openapi-webhook blocks', () => {
  const data = { name: 'newPet', method: 'post', ref: { kind: 'openapi', spec: 'petstore' } };

  it('shows the webhook like an operation: summary, the Webhook mark, method and name, description, request body, responses', async () => {
    const html = await blockHtml(
      'openapi-webhook',
      data,
      openapi(() => ({
        title: 'A pet was added',
        method: 'post',
        webhook: 'newPet <b>',
        description: 'Sent <em>now</em>',
        requestBody: { contentType: 'application/json', schema: '{ "type": "object" }' },
        responses: [{ status: '200', description: 'Received' }],
      })),
    );
    expect(html).toBe(
      '<div class="openapi"><p><strong>A pet was added</strong></p>' +
        '<p><small class="openapi-kind">Webhook</small> <code class="openapi-method">POST</code> <code>newPet &#x3C;b></code></p><p>Sent now</p>' +
        '<p class="openapi-section"><strong>Request body</strong> <code>application/json</code></p><pre class="openapi-schema" tabindex="0"><code>{ "type": "object" }</code></pre>' +
        '<p class="openapi-section"><strong>Responses</strong></p><ul class="openapi-responses"><li><p><code>200</code></p><p>Received</p></li></ul></div>',
    );
  });

  it('says "webhook not available" with the stored method and name', async () => {
    expect(
      await blockHtml(
        'openapi-webhook',
        data,
        openapi(() => ({ unavailable: true })),
      ),
    ).toBe('<p class="openapi openapi-unavailable"><code>POST newPet</code>: webhook not available.</p>');
  });
});

describe('swagger blocks', () => {
  const swagger = (ref: unknown) => ({ method: 'get', path: '/pets', ref });

  it('shows the operation when the caller has the spec (one of the organization’s)', async () => {
    const html = await blockHtml(
      'swagger',
      swagger({ kind: 'url', url: 'https://quire.test/v1/orgs/o/openapi/pets' }),
      openapi(() => ({ method: 'get', path: '/pets', title: 'List' })),
    );
    expect(withoutSamples(html)).toBe(
      '<div class="openapi"><p><strong>List</strong></p><p><code class="openapi-method">GET</code> <code>/pets</code></p></div>',
    );
  });

  it('otherwise shows method, path and the spec address: a link only for http(s), text for anything else, a space file at its published address', async () => {
    const unavailable = openapi(() => ({ unavailable: true }));
    expect(await blockHtml('swagger', swagger({ kind: 'url', url: 'http://specs.test/a.yaml?x="1"&y=<2>' }), unavailable)).toBe(
      '<p class="openapi openapi-source"><code>GET /pets</code> in <a href="http://specs.test/a.yaml?x=%221%22&#x26;y=%3C2%3E" rel="noopener noreferrer">http://specs.test/a.yaml?x=%221%22&#x26;y=%3C2%3E</a></p>',
    );
    expect(await blockHtml('swagger', swagger({ kind: 'url', url: 'javascript:alert(1)' }))).toBe(
      '<p class="openapi openapi-source"><code>GET /pets</code> in javascript:alert(1)</p>',
    );
    expect(await blockHtml('swagger', swagger({ kind: 'url', url: 'specs/<a>.yaml' }))).toBe(
      '<p class="openapi openapi-source"><code>GET /pets</code> in specs/&#x3C;a>.yaml</p>',
    );
    expect(await blockHtml('swagger', swagger({ kind: 'url', url: 'ftp://specs.test/a.yaml' }))).toBe(
      '<p class="openapi openapi-source"><code>GET /pets</code> in ftp://specs.test/a.yaml</p>',
    );
    expect(await blockHtml('swagger', swagger({ kind: 'file', file: 'f1' }))).toBe(
      '<p class="openapi openapi-source"><code>GET /pets</code> in <a href="/files/f1">report.pdf</a></p>',
    );
    expect(await blockHtml('swagger', swagger({ kind: 'file', file: 'f-none' }))).toBe(
      '<p class="openapi openapi-source"><code>GET /pets</code> in the spec file</p>',
    );
    // A caller answering no operation (or garbage) changes nothing; nothing is asked of the network.
    expect(
      await blockHtml(
        'swagger',
        swagger({ kind: 'file', file: 'f1' }),
        openapi(() => ({ url: 'x' })),
      ),
    ).toBe('<p class="openapi openapi-source"><code>GET /pets</code> in <a href="/files/f1">report.pdf</a></p>');
  });
});
