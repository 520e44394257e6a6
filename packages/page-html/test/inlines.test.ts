import type { DocumentText } from '@quire/formats';
import { block, html, inline, p, t } from './document-builders';

const colored = (value: string, text: string, background: string): DocumentText =>
  ({
    object: 'text',
    leaves: [{ object: 'leaf', text: value, marks: [{ object: 'mark', type: 'color', data: { text, background } }] }],
  }) as unknown as DocumentText;

describe('page-html inlines and marks', () => {
  it('renders every mark, several on one leaf in a fixed order', async () => {
    expect(
      await html(p(t('b', 'bold'), t('i', 'italic'), t('s', 'strikethrough'), t('c', 'code'), t('k', 'keyboard'), t('u', 'superscript'), t('d', 'subscript'))),
    ).toBe('<p><strong>b</strong><em>i</em><s>s</s><code>c</code><kbd>k</kbd><sup>u</sup><sub>d</sub></p>');
    expect(await html(p(t('x', 'code', 'italic', 'bold')))).toBe('<p><strong><em><code>x</code></em></strong></p>');
    expect(await html(p(t('x', 'blink')))).toBe('<p>x</p>');
  });

  it('renders colour marks as classes from the reference palette only', async () => {
    expect(await html(p(colored('red', 'red', '$warning')))).toBe('<p><span class="color-red bg-warning">red</span></p>');
    expect(await html(p(colored('x', 'red;background:url(x)', 'default')))).toBe('<p>x</p>');
  });

  it('turns newlines inside a leaf into <br> (the model has no break node)', async () => {
    expect(await html(p('one\ntwo'))).toBe('<p>one<br>two</p>');
  });

  it('renders links: URLs with rel=noopener noreferrer, pages and anchors through pageUrl', async () => {
    const link = (ref: Record<string, unknown>, text: string) => inline('link', { ref }, [t(text)]);
    expect(
      await html(
        p(
          link({ kind: 'url', url: 'https://example.com/a?b=1' }, 'ext'),
          ' ',
          link({ kind: 'page', page: 'p1' }, 'page'),
          ' ',
          link({ kind: 'anchor', anchor: 'setup', page: 'p2' }, 'there'),
          ' ',
          link({ kind: 'anchor', anchor: 'here' }, 'here'),
        ),
      ),
    ).toBe(
      '<p><a href="https://example.com/a?b=1" rel="noopener noreferrer">ext</a> <a href="/docs/p1">page</a> <a href="/docs/p2#setup">there</a> <a href="#here">here</a></p>',
    );
  });

  it('shows a link to a page that is not published, or to an unsafe URL, as plain text', async () => {
    const link = (ref: Record<string, unknown>, text: string) => inline('link', { ref }, [t(text)]);
    expect(
      await html(
        p(
          link({ kind: 'page', page: 'missing' }, 'gone'),
          link({ kind: 'url', url: 'javascript:alert(1)' }, 'evil'),
          link({ kind: 'url', url: 'data:text/html,<script>' }, 'data'),
          link({ kind: 'space', space: 's1' }, 'space'),
        ),
      ),
    ).toBe('<p>goneevildataspace</p>');
  });

  it('renders inline images, emoji, inline math, expressions, annotations, mentions and buttons', async () => {
    expect(await html(p(inline('inline-image', { ref: { kind: 'url', url: 'https://cdn.test/i.png' }, alt: 'icon' })))).toBe(
      '<p><img src="https://cdn.test/i.png" alt="icon" loading="lazy"></p>',
    );
    expect(await html(p(inline('emoji', { code: '1f600' }), inline('emoji', { code: 'zz' })))).toBe('<p><span class="emoji">😀</span></p>');
    expect(await html(p(inline('inline-math', { formula: 'x<y' })))).toBe('<p><span class="math math-inline">x&#x3C;y</span></p>');
    expect(await html(p(inline('expression', { expression: 'space.vars.name' })))).toBe('<p><span class="expression">space.vars.name</span></p>');
    const annotation = {
      object: 'inline',
      type: 'annotation',
      isVoid: false,
      data: {},
      nodes: [t('term')],
      fragments: [{ object: 'fragment', fragment: 'a', type: 'annotation-body', nodes: [p('what it means')] }],
    };
    expect(await html(p(annotation as never))).toBe('<p><span class="annotation">term</span><small class="annotation-body"> (what it means)</small></p>');
    expect(await html(p(inline('mention', { ref: { kind: 'page', page: 'p1' } })))).toBe('<p><a href="/docs/p1" class="mention">Getting started</a></p>');
    expect(await html(p(inline('button', { label: 'Try it', kind: 'primary', ref: { kind: 'url', url: 'https://x.test/' } })))).toBe(
      '<p><a href="https://x.test/" rel="noopener noreferrer" class="button">Try it</a></p>',
    );
  });

  it('keeps the text of unknown inlines and drops icons', async () => {
    expect(await html(p(inline('sparkle', {}, [t('kept')]), inline('icon', { icon: 'star' })))).toBe('<p>kept</p>');
  });

  it('renders a link inside a heading next to the self-link', async () => {
    expect(await html(block('heading-2', [t('See '), inline('link', { ref: { kind: 'page', page: 'p1' } }, [t('this')])]))).toBe(
      '<h3 id="see-this">See <a href="/docs/p1">this</a> <a href="#see-this" class="anchor" aria-label="Link to this section: See this">#</a></h3>',
    );
  });
});
