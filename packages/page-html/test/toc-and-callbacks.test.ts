import { descriptionOf, preparePageRenderer } from '../src';
import { block, context, doc, fragment, html, inline, p, render, t, voidBlock } from './document-builders';

/** The page without an operation's request samples (openapi-schema.test.ts checks them). */
const withoutSamples = (html: string): string =>
  html.replace(/<p class="openapi-section"><strong>Request samples<\/strong><\/p><div class="tabs openapi-samples">.*?<\/section><\/div>/s, '');

describe('page-html table of contents, anchors and description', () => {
  it('lists top-level headings with their level, text and unique anchors', async () => {
    const page = await render(
      doc(
        block('heading-1', [t('Install', 'bold')]),
        p('x'),
        block('heading-2', [t('Install')]),
        block('heading-3', [t('Ünïcode Café')]),
        block('heading-2', [t('!!!')]),
        block('hint', [block('heading-2', [t('Inside')])], { style: 'info' }),
      ),
    );
    expect(page.headings).toEqual([
      { level: 1, text: 'Install', anchor: 'install' },
      { level: 2, text: 'Install', anchor: 'install-1' },
      { level: 3, text: 'Ünïcode Café', anchor: 'unicode-cafe' },
      { level: 2, text: '!!!', anchor: 'section' },
    ]);
    // Nested headings get anchors too, but stay out of the table of contents.
    expect(page.html).toContain('<h3 id="inside">Inside');
  });

  it('keeps a stored heading id (the anchor links and the API use) and refuses one outside the reference alphabet', async () => {
    const page = await render(
      doc(
        block('heading-1', [t('Title')], { id: 'custom.id_1' }),
        block('heading-1', [t('Other')], { id: '"><script>' }),
        block('heading-1', [t('Third')], { id: 'custom.id_1' }),
      ),
    );
    expect(page.headings.map((h) => h.anchor)).toEqual(['custom.id_1', 'other', 'custom.id_1-1']);
  });

  it('gives the same anchors on every render (stable) and never reuses a tab id for a heading', async () => {
    const document = doc(block('tabs', [block('tabs-item', [p('x')], { title: 'Go' })]), block('heading-1', [t('tab go')]));
    const first = await render(document);
    expect((await render(document)).html).toBe(first.html);
    expect(first.headings).toEqual([{ level: 1, text: 'tab go', anchor: 'tab-go-1' }]);
  });

  it('describes the page by its first paragraph as plain text of at most 160 characters', async () => {
    expect((await render(doc(block('heading-1', [t('Title')]), p(t('Hello', 'bold'), ' ', t('world.')), p('Second')))).description).toBe('Hello world.');
    const long = 'word '.repeat(100);
    const description = (await render(doc(p(long)))).description;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^word( word)+…$/);
    expect((await render(doc(block('hint', [p('In a hint')], { style: 'info' })))).description).toBe('In a hint');
    expect((await render(doc(block('heading-1', [t('Only a title')])))).description).toBe('');
    expect(descriptionOf(doc(block('code', [block('code-line', [t('not this')])]), p('  spaced\n  out  ')))).toBe('spaced out');
    // Astral characters are never split into lone surrogates.
    const emoji = (await render(doc(p('😀'.repeat(200))))).description;
    expect(emoji.length).toBeLessThanOrEqual(160);
    expect(Array.from(emoji)).toHaveLength(80);
    expect(emoji).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('page-html callbacks', () => {
  it('prepares the renderer ahead of the first page', async () => {
    await expect(preparePageRenderer()).resolves.toBeUndefined();
    expect((await render(doc(p('ready')))).html).toBe('<p>ready</p>');
  });

  it('renders OpenAPI blocks from the data the callback gives, escaped', async () => {
    const page = await render(doc(voidBlock('openapi-operation', { path: '/pets', method: 'get', ref: { kind: 'openapi', spec: 'petstore' } })), {
      ...context,
      openapi: (request) => ({
        title: `List pets <b>`,
        method: String(request.data.method),
        path: String(request.data.path),
        description: 'Returns <script>pets</script>',
        parameters: [{ name: 'limit', in: 'query', type: 'integer', required: false, description: 'How many' }],
        url: '/docs/api/pets',
      }),
    });
    expect(withoutSamples(page.html)).toBe(
      '<div class="openapi"><p><strong>List pets &#x3C;b></strong></p><p><code class="openapi-method">GET</code> <code>/pets</code></p><p>Returns pets</p>' +
        '<div class="table" role="region" aria-label="Parameters" tabindex="0"><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead>' +
        '<tbody><tr><th scope="row"><code>limit</code></th><td>query</td><td>integer</td><td>no</td><td><p>How many</p></td></tr></tbody></table></div>' +
        '<p class="openapi-link"><a href="/docs/api/pets">Open the API reference</a></p></div>',
    );
  });

  it("renders an operation's request body and responses, schemas as escaped code blocks, and a deprecated mark", async () => {
    const page = await render(doc(voidBlock('openapi-operation', { path: '/pets', method: 'post', ref: { kind: 'openapi', spec: 'petstore' } })), {
      ...context,
      openapi: () => ({
        title: 'Add a pet',
        method: 'post',
        path: '/pets',
        deprecated: true,
        requestBody: { required: true, contentType: 'application/json', description: 'The pet', schema: '{\n  "type": "object" </code><script>\n}' },
        responses: [
          { status: '201', description: 'Created', contentType: 'application/json', schema: '{ "$ref": "#/x" }' },
          { status: 'default', description: 'Error <img src=x onerror=alert(1)>' },
        ],
      }),
    });
    expect(withoutSamples(page.html)).toBe(
      '<div class="openapi"><p><strong>Add a pet</strong></p><p><code class="openapi-method">POST</code> <code>/pets</code> <small class="openapi-deprecated">Deprecated</small></p>' +
        '<p class="openapi-section"><strong>Request body</strong> (required) <code>application/json</code></p><p>The pet</p>' +
        '<pre class="openapi-schema" tabindex="0"><code>{\n  "type": "object" &#x3C;/code>&#x3C;script>\n}</code></pre>' +
        '<p class="openapi-section"><strong>Responses</strong></p><ul class="openapi-responses">' +
        '<li><p><code>201</code> <code>application/json</code></p><p>Created</p><pre class="openapi-schema" tabindex="0"><code>{ "$ref": "#/x" }</code></pre></li>' +
        '<li><p><code>default</code></p><p>Error </p></li></ul></div>',
    );
  });

  it('says "operation not available" with the stored method and path when the caller has no such operation', async () => {
    const page = await render(doc(voidBlock('openapi-operation', { path: '/gone', method: 'get', ref: { kind: 'openapi', spec: 'petstore' } })), {
      ...context,
      openapi: () => ({ unavailable: true }),
    });
    expect(page.html).toBe('<p class="openapi openapi-unavailable"><code>GET /gone</code>: operation not available.</p>');
  });

  it('asks for pages of other spaces with their space, and for whole spaces through spaceUrl; unknown ones stay text', async () => {
    const link = (ref: Record<string, unknown>, label: string) => p({ object: 'inline', type: 'link', data: { ref }, nodes: [t(label)] });
    const asked: unknown[] = [];
    const page = await render(
      doc(
        link({ kind: 'page', page: 'p9', space: 'other' }, 'other page'),
        link({ kind: 'anchor', anchor: 'setup', page: 'p9', space: 'other' }, 'other anchor'),
        link({ kind: 'anchor', anchor: 'setup', space: 'other' }, 'anchor of no page'),
        link({ kind: 'space', space: 'other' }, 'other space'),
        link({ kind: 'space', space: 'unpublished' }, 'unpublished space'),
        link({ kind: 'page', page: 'p1' }, 'same space'),
        p(inline('mention', { ref: { kind: 'page', page: 'p9', space: 'other' } }, [])),
      ),
      {
        ...context,
        pageUrl: (page, anchor, space) => {
          asked.push([page, anchor, space]);
          return space === 'other' ? `/other/${page}${anchor ? `#${anchor}` : ''}` : `/docs/${page}`;
        },
        spaceUrl: (space) => (space === 'other' ? '/other/' : undefined),
        pageTitle: (page, space) => (space === 'other' ? `Other ${page}` : undefined),
      },
    );
    expect(page.html).toBe(
      '<p><a href="/other/p9">other page</a></p><p><a href="/other/p9#setup">other anchor</a></p><p>anchor of no page</p>' +
        '<p><a href="/other/">other space</a></p><p>unpublished space</p><p><a href="/docs/p1">same space</a></p><p><a href="/other/p9" class="mention">Other p9</a></p>',
    );
    expect(asked).toContainEqual(['p1', undefined, undefined]);
  });

  it('shows an OpenAPI block as its stored method and path when there is no callback or no answer (a swagger block with its spec address)', async () => {
    expect(await html(voidBlock('swagger', { path: '/pets/{id}', method: 'delete', ref: { kind: 'url', url: 'https://x.test/spec.yaml' } }))).toBe(
      '<p class="openapi openapi-source"><code>DELETE /pets/{id}</code> in <a href="https://x.test/spec.yaml" rel="noopener noreferrer">https://x.test/spec.yaml</a></p>',
    );
    expect(await html(voidBlock('openapi-schemas', { schemas: ['Pet', 'Owner'], ref: {} }))).toBe('<p class="openapi"><code>Pet, Owner</code></p>');
    expect(await html(voidBlock('openapi-webhook', { name: 'newPet', method: 'post', ref: {} }))).toBe('<p class="openapi"><code>POST newPet</code></p>');
  });

  it('resolves content-ref blocks through pageUrl and pageTitle, and file refs through fileUrl', async () => {
    expect(
      await html(
        voidBlock('content-ref', { ref: { kind: 'page', page: 'p1' } }),
        voidBlock('content-ref', { ref: { kind: 'page', page: 'p2' } }),
        voidBlock('content-ref', { ref: { kind: 'page', page: 'missing' } }),
      ),
    ).toBe('<p class="content-ref"><a href="/docs/p1">Getting started</a></p><p class="content-ref"><a href="/docs/p2">/docs/p2</a></p>');
  });

  it('treats a callback that throws or answers an unsafe address as no address', async () => {
    const hostile = {
      pageUrl: () => 'javascript:alert(1)',
      fileUrl: () => {
        throw new Error('boom');
      },
      openapi: () => {
        throw new Error('boom');
      },
    };
    const page = await render(
      doc(
        p({ object: 'inline', type: 'link', data: { ref: { kind: 'page', page: 'p1' } }, nodes: [t('page')] }),
        voidBlock('file', { ref: { kind: 'file', file: 'f1' } }),
        voidBlock('image', { ref: { kind: 'file', file: 'f1' }, alt: 'pic' }, { fragments: [fragment('caption', [p('cap')])] }),
        voidBlock('swagger', { path: '/x', method: 'get', ref: {} }),
      ),
      hostile,
    );
    expect(page.html).toBe(
      '<p>page</p><p class="file">Download</p><figure class="image">pic<figcaption>cap</figcaption></figure><p class="openapi openapi-source"><code>GET /x</code></p>',
    );
  });

  it('refuses data: images and keeps their alt text', async () => {
    expect(await html(voidBlock('image', { ref: { kind: 'url', url: 'data:image/png;base64,AAAA' }, alt: 'inline png' }))).toBe(
      '<div class="image">inline png</div>',
    );
    expect(
      await html(
        p({
          object: 'inline',
          type: 'inline-image',
          isVoid: true,
          data: { ref: { kind: 'url', url: 'data:image/svg+xml,<svg onload=alert(1)>' }, alt: 'svg' },
        } as never),
      ),
    ).toBe('<p>svg</p>');
  });
});
