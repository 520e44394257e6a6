import fc from 'fast-check';
import { createDocument } from '@mixmark-io/domino';
import type { JSONDocument } from '@quire/formats';
import { block, context, doc, p, render, t } from './document-builders';
import { hostileString } from './hostile-strings';
import { TRUNCATED_NOTE } from '../src/render/page-document';
import type { PageRenderContext } from '../src';

// Hostile documents: random trees of every node type (and unknown ones) carrying strings made to
// break out — markup, quotes, NUL, astral characters, `javascript:` URLs — at every field. The
// output is parsed as a browser would and must hold no script, no handler, no style, no unsafe URL.

const nasty = hostileString(40, 20);
const BLOCKS = [
  'paragraph',
  'heading-1',
  'heading-2',
  'heading-3',
  'list-unordered',
  'list-ordered',
  'list-tasks',
  'list-item',
  'divider',
  'blockquote',
  'hint',
  'code',
  'code-line',
  'images',
  'image',
  'file',
  'drawing',
  'embed',
  'math',
  'expandable',
  'tabs',
  'tabs-item',
  'table',
  'swagger',
  'openapi-operation',
  'openapi-schemas',
  'openapi-webhook',
  'content-ref',
  'integration',
  'reusable-content',
  'stepper',
  'stepper-step',
  'if',
  'columns',
  'column',
];
const INLINES = ['link', 'emoji', 'icon', 'expression', 'inline-math', 'inline-image', 'annotation', 'mention', 'button'];
const MARKS = ['bold', 'italic', 'code', 'keyboard', 'strikethrough', 'superscript', 'subscript', 'color', 'onclick'];

const ref = fc.oneof(
  fc.record({ kind: fc.constant('url'), url: nasty }),
  fc.record({ kind: fc.constant('page'), page: nasty }),
  fc.record({ kind: fc.constant('anchor'), anchor: nasty, page: fc.option(nasty, { nil: undefined }) }),
  fc.record({ kind: fc.constant('file'), file: nasty }),
  fc.record({ kind: fc.constant('openapi'), spec: nasty }),
  nasty,
);
const data = fc.record(
  {
    ref,
    url: nasty,
    alt: nasty,
    formula: nasty,
    syntax: fc.oneof(fc.constantFrom('js', 'python', 'html', 'bash'), nasty),
    title: nasty,
    style: fc.oneof(fc.constantFrom('info', 'danger'), nasty),
    id: nasty,
    code: nasty,
    label: nasty,
    method: nasty,
    path: nasty,
    name: nasty,
    schemas: fc.oneof(fc.array(nasty, { maxLength: 3 }), nasty),
    grouped: fc.oneof(fc.boolean(), nasty),
    start: fc.oneof(fc.integer(), fc.double(), nasty),
    checked: fc.oneof(fc.boolean(), nasty),
    align: nasty,
    width: fc.oneof(fc.double(), nasty),
  },
  { requiredKeys: [] },
);
const leaf = fc.record({
  object: fc.constant('leaf'),
  text: nasty,
  marks: fc.array(fc.record({ object: fc.constant('mark'), type: fc.constantFrom(...MARKS), data: fc.record({ text: nasty, background: nasty }) }), {
    maxLength: 4,
  }),
});
const text = fc.record({ object: fc.constant('text'), leaves: fc.array(leaf, { maxLength: 3 }) });

const { node } = fc.letrec<{ node: unknown; block: unknown; inline: unknown }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, text, tie('inline'), tie('block'), nasty, fc.constant(null)),
  inline: fc.record({
    object: fc.constant('inline'),
    type: fc.oneof(fc.constantFrom(...INLINES), nasty),
    data,
    nodes: fc.array(tie('node'), { maxLength: 3 }),
  }),
  block: fc.record({
    object: fc.constant('block'),
    type: fc.oneof(fc.constantFrom(...BLOCKS), nasty),
    data: fc.oneof(data, tableData()),
    nodes: fc.oneof(fc.array(tie('node'), { maxLength: 4 }), nasty),
    fragments: fc.array(
      fc.record({
        object: fc.constant('fragment'),
        fragment: fc.oneof(fc.constantFrom('caption', 'expandable-title', 'expandable-body', 'c1'), nasty),
        nodes: fc.array(tie('node'), { maxLength: 3 }),
      }),
      { maxLength: 3 },
    ),
  }),
}));

function tableData() {
  return fc.record({
    view: fc.record({
      type: fc.constantFrom('grid', 'cards'),
      columns: fc.array(fc.constantFrom('c1', 'c2', '__proto__'), { maxLength: 3 }),
      hideHeader: fc.boolean(),
    }),
    definition: fc.dictionary(
      fc.constantFrom('c1', 'c2', '__proto__'),
      fc.record({
        title: nasty,
        type: fc.constantFrom('text', 'number', 'checkbox', 'select', 'files', 'image', 'content-ref', 'rating'),
        textAlignment: nasty,
      }),
    ),
    records: fc.dictionary(
      nasty,
      fc.record({
        orderIndex: nasty,
        values: fc.dictionary(fc.constantFrom('c1', 'c2'), fc.oneof(nasty, fc.integer(), fc.boolean(), fc.array(nasty, { maxLength: 2 }), ref)),
      }),
    ),
  });
}

const hostileDocument = fc.array(node, { maxLength: 6 }).map((nodes) => ({ object: 'document', data: {}, nodes }) as unknown as JSONDocument);

/** Callbacks that echo hostile input back, as a careless caller might. */
const echoing: PageRenderContext = {
  pageUrl: (page, anchor) => `${page}${anchor ?? ''}`,
  fileUrl: (file) => file,
  fileName: (file) => file,
  pageTitle: (page) => page,
  openapi: (request) => ({
    title: String(request.data.path),
    method: String(request.data.method),
    path: String(request.data.path),
    description: String(request.data.title),
    url: String(request.data.url),
    parameters: [{ name: String(request.data.alt), in: String(request.data.code) }],
    // The other blocks' fields, echoed whatever the block: a webhook's name, schemas (one missing).
    webhook: String(request.data.name),
    schemas: [
      { name: String(request.data.title), type: String(request.data.label), description: String(request.data.alt), schema: String(request.data.code) },
      { name: String(request.data.id), unavailable: true },
    ],
    requestBody: { description: String(request.data.formula), schema: String(request.data.syntax), contentType: String(request.data.style) },
  }),
};

interface ParsedElement {
  tagName: string;
  attributes: ArrayLike<{ name: string; value: string }>;
  querySelectorAll(selector: string): ArrayLike<ParsedElement>;
}

/** The scheme a browser gives an address on a page of https://site.test/. */
const schemeOf = (value: string): string => new URL(value, 'https://site.test/docs/page').protocol;

/** What a browser would build from the fragment: no script, handler, style, frame or unsafe URL. */
function assertInert(html: string): void {
  const body = createDocument(`<!doctype html><html><body>${html}</body></html>`).body as unknown as ParsedElement;
  for (const element of Array.from(body.querySelectorAll('*'))) {
    expect(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'SVG', 'MATH', 'LINK', 'META', 'BASE', 'TEMPLATE']).not.toContain(
      element.tagName.toUpperCase(),
    );
    for (const { name, value } of Array.from(element.attributes)) {
      expect(name).not.toMatch(/^on/i);
      expect(name).not.toBe('style');
      expect(name).not.toBe('srcdoc');
      if (name === 'href' || name === 'src') expect(['https:', 'http:', 'mailto:']).toContain(schemeOf(value));
    }
  }
  // `<script>` may stand inside a quoted attribute (inert: it opens no tag), never as an element.
  expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/<script|<style|\u0000/i);
}

describe('page-html with hostile documents', () => {
  it('never lets a script, handler, style or unsafe URL through, never throws, and is deterministic', async () => {
    await fc.assert(
      fc.asyncProperty(hostileDocument, fc.boolean(), async (document, careless) => {
        const ctx = careless ? echoing : context;
        const first = await render(document, ctx);
        assertInert(first.html);
        expect(first.description.length).toBeLessThanOrEqual(160);
        for (const heading of first.headings) expect(heading.anchor).toMatch(/^[-a-z0-9.+_]+$/);
        const second = await render(document, ctx);
        expect(second).toEqual(first);
      }),
      { numRuns: 300, seed: 36 },
    );
  });

  it('renders 10,000-deep documents without overflowing the stack, keeping the deep text', async () => {
    let quote = block('blockquote', [p('deepest words')]);
    for (let i = 0; i < 10_000; i++) quote = block(i % 2 ? 'blockquote' : 'hint', [quote], { style: 'info' });
    const page = await render(doc(quote));
    expect(page.html).toContain('<p class="truncated">deepest words</p>');
    expect((page.html.match(/<blockquote>/g) ?? []).length).toBeLessThan(60);

    let link: unknown = t('inner text');
    for (let i = 0; i < 10_000; i++) link = { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://x.test/' } }, nodes: [link] };
    const deepInline = await render(doc(block('paragraph', [link])));
    expect(deepInline.html).toContain('inner text');
    expect(deepInline.description).toBe('inner text');
  });

  it('bounds the work on huge documents and huge text', async () => {
    const huge = 'x<y&"z" '.repeat(250_000); // 2 MB of text
    const page = await render(doc(p(huge), block('code', [block('code-line', [t(huge)])], { syntax: 'js' })));
    expect(page.html.length).toBeGreaterThan(4_000_000);
    expect(page.description.length).toBeLessThanOrEqual(160);
    const wide = await render({ object: 'document', data: {}, nodes: Array.from({ length: 300_000 }, (_, i) => p(`p${i}`)) });
    expect(wide.html.startsWith('<p>p0</p>')).toBe(true);
    expect(wide.html).not.toContain('<p>p299999</p>'); // past the node budget
    expect(wide.html.endsWith(`<p class="truncated-note">${TRUNCATED_NOTE}</p>`)).toBe(true);
  });

  it('cuts text past 2,000,000 characters per page and says so; a page within the budgets has no note', async () => {
    const chunk = 'y'.repeat(900_000);
    const page = await render(doc(p(chunk), block('code', [block('code-line', [t(chunk)])], { syntax: 'js' }), p(chunk), p('after the budget')));
    const shown = (page.html.match(/y/g) ?? []).length;
    expect(shown).toBe(2_000_000);
    expect(page.html).not.toContain('after the budget');
    expect(page.html.endsWith(`<p class="truncated-note">${TRUNCATED_NOTE}</p>`)).toBe(true);
    const small = await render(doc(p('short'), block('code', [block('code-line', [t('const a = 1;')])], { syntax: 'js' })));
    expect(small.html).not.toContain('truncated-note');
  });

  it('renders nothing, without throwing, for something that is not a document', async () => {
    for (const value of [null, undefined, 42, 'text', [], { nodes: 'x' }, { object: 'document', nodes: [null, 1, 'x', [], {}] }]) {
      expect(await render(value as unknown as JSONDocument)).toEqual({ html: '', headings: [], description: '' });
    }
  });

  it('escapes markup and quotes in text and attributes', async () => {
    const page = await render(doc(block('heading-1', [t('"><script>alert(1)</script>')]), p(t('<b>&amp;</b>'))));
    // Inside a double-quoted attribute only `"` and `&` need escaping: `<` there opens no tag.
    expect(page.html).toBe(
      '<h2 id="scriptalert1script">">&#x3C;script>alert(1)&#x3C;/script> ' +
        '<a href="#scriptalert1script" class="anchor" aria-label="Link to this section: &#x22;><script>alert(1)</script>">#</a></h2>' +
        '<p>&#x3C;b>&#x26;amp;&#x3C;/b></p>',
    );
  });
});
