import { markdownToDocument } from '@quire/formats';
import { block, doc, fragment, html, p, render, t, voidBlock } from './document-builders';

describe('page-html blocks', () => {
  it('renders paragraphs, aligned ones with a class', async () => {
    expect(await html(p('Hello'), block('paragraph', [t('Right')], { align: 'end' }))).toBe('<p>Hello</p><p class="align-end">Right</p>');
  });

  it('renders headings one level below the page title, with an anchor and a self-link', async () => {
    expect(await html(block('heading-1', [t('Install')]), block('heading-2', [t('Linux')]), block('heading-3', [t('Debian')]))).toBe(
      '<h2 id="install">Install <a href="#install" class="anchor" aria-label="Link to this section: Install">#</a></h2>' +
        '<h3 id="linux">Linux <a href="#linux" class="anchor" aria-label="Link to this section: Linux">#</a></h3>' +
        '<h4 id="debian">Debian <a href="#debian" class="anchor" aria-label="Link to this section: Debian">#</a></h4>',
    );
  });

  it('renders unordered, ordered (with start) and task lists with disabled, labelled checkboxes', async () => {
    const item = (text: string, data?: Record<string, unknown>) => block('list-item', [p(text)], data);
    expect(await html(block('list-unordered', [item('a'), item('b')]))).toBe('<ul><li><p>a</p></li><li><p>b</p></li></ul>');
    expect(await html(block('list-ordered', [item('a')], { start: 3 }))).toBe('<ol start="3"><li><p>a</p></li></ol>');
    expect(await html(block('list-tasks', [item('done', { checked: true }), item('todo', { checked: false })]))).toBe(
      '<ul class="task-list">' +
        '<li class="task"><input type="checkbox" disabled checked aria-label="done"><p>done</p></li>' +
        '<li class="task"><input type="checkbox" disabled aria-label="todo"><p>todo</p></li></ul>',
    );
  });

  it('nests lists inside list items', async () => {
    const nested = block('list-unordered', [block('list-item', [p('outer'), block('list-ordered', [block('list-item', [p('inner')])])])]);
    expect(await html(nested)).toBe('<ul><li><p>outer</p><ol><li><p>inner</p></li></ol></li></ul>');
  });

  it('renders dividers, quotes and the four hint styles (an unknown style as info)', async () => {
    expect(await html(voidBlock('divider', {}), block('blockquote', [p('Said')]))).toBe('<hr><blockquote><p>Said</p></blockquote>');
    for (const [style, label] of [
      ['info', 'Info'],
      ['success', 'Success'],
      ['warning', 'Warning'],
      ['danger', 'Danger'],
      ['evil" onclick="x', 'Info'],
    ]) {
      const expected = style.startsWith('evil') ? 'info' : style;
      expect(await html(block('hint', [p('Note')], { style }))).toBe(`<div class="hint hint-${expected}" role="note" aria-label="${label}"><p>Note</p></div>`);
    }
  });

  it('highlights code of a known language at render time, in <pre tabindex="0"><code> with a language class, under a header naming the language', async () => {
    const code = block('code', [block('code-line', [t('const a = 1; // <b>')]), block('code-line', [t('return a;')])], { syntax: 'JavaScript' });
    expect(await html(code)).toBe(
      '<div class="code-block"><div class="code-header"><span class="code-language">JavaScript</span></div>' +
        '<pre tabindex="0"><code class="hljs language-javascript"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>; ' +
        '<span class="hljs-comment">// &#x3C;b></span>\n<span class="hljs-keyword">return</span> a;</code></pre></div>',
    );
  });

  it('shows code of an unknown language escaped and plain, labelled as written, and a block title in its header', async () => {
    const code = block('code', [block('code-line', [t('<script>alert(1)</script>')])], { syntax: 'klingon', title: 'main.k' });
    expect(await html(code)).toBe(
      '<div class="code-block"><div class="code-header"><span class="code-title">main.k</span><span class="code-language">klingon</span></div>' +
        '<pre tabindex="0"><code class="language-klingon">&#x3C;script>alert(1)&#x3C;/script></code></pre></div>',
    );
    expect(await html(block('code', [block('code-line', [t('x')])], { syntax: 'a b"<' }))).toBe(
      '<div class="code-block"><div class="code-header"></div><pre tabindex="0"><code>x</code></pre></div>',
    );
  });

  it('renders images: alt text kept, a caption as figure/figcaption, files through the file callback', async () => {
    const image = (data: Record<string, unknown>, captions: string[] = []) =>
      voidBlock('image', data, {
        fragments: captions.length
          ? [
              fragment(
                'caption',
                captions.map((c) => p(c)),
              ),
            ]
          : [],
      });
    const images = block('images', [
      image({ ref: { kind: 'url', url: 'https://cdn.test/a.png' }, alt: 'A chart' }),
      image({ ref: { kind: 'file', file: 'f1' }, alt: 'Logo', width: 120 }, ['The logo']),
    ]);
    expect(await html(images)).toBe(
      '<div class="images"><div class="image"><img src="https://cdn.test/a.png" alt="A chart" loading="lazy"></div>' +
        '<figure class="image"><img src="/files/f1" alt="Logo" width="120" loading="lazy"><figcaption>The logo</figcaption></figure></div>',
    );
  });

  it('renders a file block as a download link named by the callback, and a drawing as an image', async () => {
    expect(await html(voidBlock('file', { ref: { kind: 'file', file: 'f1' } }))).toBe('<p class="file"><a href="/files/f1">report.pdf</a></p>');
    expect(await html(voidBlock('file', { ref: { kind: 'file', file: 'f-none' } }))).toBe('<p class="file">Download</p>');
    expect(await html(voidBlock('drawing', { ref: { kind: 'file', file: 'd1' } }))).toBe(
      '<div class="image"><img src="/files/d1" alt="Drawing" loading="lazy" class="drawing"></div>',
    );
  });

  it('renders embeds as links and math as escaped TeX', async () => {
    expect(await html(voidBlock('embed', { url: 'https://youtu.be/x' }))).toBe(
      '<p class="embed"><a href="https://youtu.be/x" rel="noopener noreferrer">https://youtu.be/x</a></p>',
    );
    expect(await html(voidBlock('embed', { url: 'javascript:alert(1)' }))).toBe('<p class="embed">javascript:alert(1)</p>');
    expect(await html(voidBlock('math', { formula: 'a<b \\frac{1}{2}' }))).toBe('<div class="math math-display">a&#x3C;b \\frac{1}{2}</div>');
  });

  it('renders expandables as details/summary', async () => {
    const expandable = voidBlock(
      'expandable',
      {},
      { fragments: [fragment('expandable-title', [p('More')]), fragment('expandable-body', [p('Hidden'), p('Text')])] },
    );
    expect(await html(expandable)).toBe('<details class="expandable"><summary>More</summary><p>Hidden</p><p>Text</p></details>');
  });

  it('renders tabs as labelled sections readable without script', async () => {
    const tabs = block('tabs', [
      block('tabs-item', [p('brew')], { title: 'macOS' }),
      block('tabs-item', [p('apt')], { title: 'Linux' }),
      block('tabs-item', [p('?')]),
    ]);
    expect(await html(tabs)).toBe(
      '<div class="tabs">' +
        '<section class="tab" aria-labelledby="tab-macos"><p id="tab-macos" class="tab-title"><strong>macOS</strong></p><p>brew</p></section>' +
        '<section class="tab" aria-labelledby="tab-linux"><p id="tab-linux" class="tab-title"><strong>Linux</strong></p><p>apt</p></section>' +
        '<section class="tab" aria-labelledby="tab-tab-3"><p id="tab-tab-3" class="tab-title"><strong>Tab 3</strong></p><p>?</p></section></div>',
    );
  });

  it('renders steppers and columns', async () => {
    expect(await html(block('stepper', [block('stepper-step', [p('one')]), block('stepper-step', [p('two')])]))).toBe(
      '<ol class="stepper"><li class="step"><p>one</p></li><li class="step"><p>two</p></li></ol>',
    );
    expect(await html(block('columns', [block('column', [p('left')]), block('column', [p('right')])]))).toBe(
      '<div class="columns"><div class="column"><p>left</p></div><div class="column"><p>right</p></div></div>',
    );
  });

  it('renders tables with column headers (th scope=col), rows in orderIndex order, rich cells from fragments', async () => {
    const table = voidBlock(
      'table',
      {
        view: { type: 'grid', columns: ['name', 'ok', 'n'], hideHeader: false },
        definition: {
          name: { id: 'name', title: 'Name', type: 'text', textAlignment: 'left' },
          ok: { id: 'ok', title: 'Ready', type: 'checkbox' },
          n: { id: 'n', title: 'Count', type: 'number', textAlignment: 'right' },
        },
        records: {
          b: { orderIndex: 'b', values: { name: 'cell-b', ok: false, n: 2 } },
          a: { orderIndex: 'a', values: { name: 'cell-a', ok: true, n: 1 } },
        },
      },
      { fragments: [fragment('cell-a', [p(t('Alpha', 'bold'))]), fragment('cell-b', [p('Beta')])] },
    );
    expect(await html(table)).toBe(
      '<div class="table" role="region" aria-label="Table" tabindex="0"><table><thead><tr><th scope="col">Name</th><th scope="col">Ready</th><th scope="col" class="align-right">Count</th></tr></thead>' +
        '<tbody><tr><td><strong>Alpha</strong></td><td><input type="checkbox" disabled checked aria-label="Ready"></td><td class="align-right">1</td></tr>' +
        '<tr><td>Beta</td><td><input type="checkbox" disabled aria-label="Ready"></td><td class="align-right">2</td></tr></tbody></table></div>',
    );
  });

  it('renders the GFM table markdown-to-document makes', async () => {
    const document = markdownToDocument('| A | B |\n|---|:-:|\n| 1 | *2* |\n');
    expect((await render(document)).html).toBe(
      '<div class="table" role="region" aria-label="Table" tabindex="0"><table><thead><tr><th scope="col">A</th><th scope="col" class="align-center">B</th></tr></thead>' +
        '<tbody><tr><td>1</td><td class="align-center"><em>2</em></td></tr></tbody></table></div>',
    );
  });

  it('keeps the text of unknown blocks and gathers loose inline content into a paragraph', async () => {
    expect(await html(block('marquee', [p('kept'), p('too')]), block('blockquote', [t('loose')]))).toBe(
      '<p class="unknown">kept too</p><blockquote><p>loose</p></blockquote>',
    );
  });

  it('leaves out integration and reusable-content blocks, and shows adaptive content', async () => {
    expect(
      await html(voidBlock('integration', { integration: 'x', block: 'y', props: {} }), block('if', [p('shown')], { expression: 'visitor.claims.pro' })),
    ).toBe('<p>shown</p>');
  });

  it('renders a whole markdown page the content service stores', async () => {
    const document = markdownToDocument('# Title\n\nText with `code`.\n\n{% hint style="success" %}\nDone\n{% endhint %}\n\n---\n');
    expect((await render(doc(...document.nodes))).html).toBe(
      '<h2 id="title">Title <a href="#title" class="anchor" aria-label="Link to this section: Title">#</a></h2>' +
        '<p>Text with <code>code</code>.</p><div class="hint hint-success" role="note" aria-label="Success"><p>Done</p></div><hr>',
    );
  });
});
