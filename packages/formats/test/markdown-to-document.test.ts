import { markdownToDocument } from '../src/document/markdown-to-document';
import type { DocumentBlock, JSONDocument } from '../src/document/document-nodes';
import { validateSchema } from '../../../test/support/reference';

// The converter corpus: every GFM construct and GitBook block Quire supports becomes a document the
// reference's JSONDocument schema accepts; what it does not support degrades to valid nodes.

const CORPUS: Record<string, string> = {
  headings: '# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five',
  emphasis: 'Some **bold**, *italic*, ~~struck~~, `code` and ***both*** text.\nA soft break.  \nA hard break.',
  links: 'A [link](https://example.com "title") and an <https://auto.example.com> and [empty]().',
  images: '![alt text](https://example.com/a.png)\n\nText with ![inline](b.png) image.\n\n![one](1.png) ![two](2.png)',
  lists: '- a\n- b\n  - nested\n    1. deep\n\n1. one\n2. two\n\n5. starts at five',
  tasks: '- [ ] open\n- [x] done',
  mixedTasks: '- [ ] open\n- plain',
  code: '```js\nconst a = 1;\n\nconsole.log(a);\n```\n\n    indented code\n\n```\n```',
  blockquote: '> quoted\n>\n> > nested quote\n> - list in quote',
  table: '| Left | Center | Right |\n|:-----|:------:|------:|\n| a | **b** | [c](https://c.example) |\n| d | | f |',
  divider: 'above\n\n---\n\nbelow',
  html: '<div class="x">raw <b>html</b></div>\n\nInline <span>html</span> and a<br>break.',
  hints: '{% hint style="warning" %}\nCareful **now**.\n\n- a list\n{% endhint %}\n\n{% hint style="nonsense" %}\nx\n{% endhint %}',
  hintWithCode: '{% hint style="info" %}\n```sh\nnpm start\n```\n\n# A heading in a hint\n{% endhint %}',
  tabs: '{% tabs %}\n{% tab title="npm" %}\n```sh\nnpm i\n```\n{% endtab %}\n\n{% tab title="yarn" %}\nyarn add\n{% endtab %}\n{% endtabs %}',
  emptyTabs: '{% tabs %}\nno tab here\n{% endtabs %}',
  stepper: '{% stepper %}\n{% step %}\n### First\nDo this.\n{% endstep %}\n{% step %}\nThen that.\n{% endstep %}\n{% endstepper %}',
  codeTitle: '{% code title="index.js" %}\n```js\nexport {};\n```\n{% endcode %}',
  details: '<details>\n<summary>More</summary>\n\nHidden **text**.\n\n![img](x.png)\n\n</details>',
  detailsNoSummary: '<details>\n\nbody only\n\n</details>',
  embed: '{% embed url="https://www.youtube.com/watch?v=1" %}\n\n{% embed %}',
  contentRef: '{% content-ref url="other-page.md" %}\n[other-page.md](other-page.md)\n{% endcontent-ref %}',
  unsupportedTags: '{% file src="a.pdf" %}\n\n{% include "x" %}\n\n{% swagger src="y" %}',
  unclosed: '{% hint style="info" %}\nnever closed\n\n<details>\nnor this',
  tagsInCode: '```\n{% hint %}\n<details>\n```',
  deepNesting: '> - > ```js\n>   >   x\n>   > ```\n>   > # heading in a quote in a list',
  listWithTable: '- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |',
  hintInList: '- item\n\n  {% hint style="info" %}\n  not a tag here\n  {% endhint %}',
  tabsInHint: '{% hint style="info" %}\n{% tabs %}\n{% tab title="a" %}\nx\n{% endtab %}\n{% endtabs %}\n{% endhint %}',
  detailsInTab: '{% tabs %}\n{% tab title="a" %}\n<details>\n<summary>s</summary>\n\nin tab\n\n</details>\n{% endtab %}\n{% endtabs %}',
  hostile: 'NUL-free but hostile: \u202e rtl, 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀, <script>alert(1)</script>, [x](javascript:alert(1))',
  empty: '',
  whitespace: '   \n\n\t\n',
};

function nodesOfType(nodes: readonly unknown[], type: string): DocumentBlock[] {
  const found: DocumentBlock[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as DocumentBlock;
    if (n.type === type) found.push(n);
    for (const child of n.nodes ?? []) walk(child);
    for (const fragment of n.fragments ?? []) for (const child of fragment.nodes) walk(child);
  };
  for (const node of nodes) walk(node);
  return found;
}

describe('markdownToDocument corpus', () => {
  it.each(Object.entries(CORPUS))('converts %s to a document the reference accepts', (_name, markdown) => {
    const document = markdownToDocument(markdown);
    expect(validateSchema('JSONDocument', document)).toEqual([]);
  });

  it('keeps the text of every construct, unsupported ones included', () => {
    const text = JSON.stringify(markdownToDocument(CORPUS.unsupportedTags as string));
    expect(text).toContain('a.pdf');
    expect(JSON.stringify(markdownToDocument(CORPUS.html as string))).toContain('raw html');
    expect(JSON.stringify(markdownToDocument(CORPUS.unclosed as string))).toContain('never closed');
  });
});

describe('markdownToDocument blocks', () => {
  const convert = (markdown: string): JSONDocument => markdownToDocument(markdown);

  it('maps headings 1-3 with anchors and folds deeper ones into level 3', () => {
    const doc = convert(CORPUS.headings as string);
    expect(doc.nodes.map((n) => n.type)).toEqual(['heading-1', 'heading-2', 'heading-3', 'heading-3', 'heading-3']);
    expect(doc.nodes[0]?.data).toEqual({ id: 'one' });
  });

  it('keeps marks as flat leaves', () => {
    const [para] = convert('**bold *both***').nodes;
    const leaves = (para?.nodes?.[0] as { leaves: { text: string; marks: { type: string }[] }[] }).leaves;
    expect(leaves.map((l) => [l.text, l.marks.map((m) => m.type)])).toEqual([
      ['bold ', ['bold']],
      ['both', ['bold', 'italic']],
    ]);
  });

  it('turns a task list into list-tasks with checked items, and a mixed one into a plain list', () => {
    const [tasks] = convert(CORPUS.tasks as string).nodes;
    expect(tasks?.type).toBe('list-tasks');
    expect(tasks?.nodes?.map((item) => (item as DocumentBlock).data)).toEqual([{ checked: false }, { checked: true }]);
    expect(JSON.stringify(tasks)).not.toContain('[x]');
    expect(convert(CORPUS.mixedTasks as string).nodes[0]?.type).toBe('list-unordered');
  });

  it('maps code fences with syntax, lines and a title from the code tag', () => {
    const [code] = convert(CORPUS.codeTitle as string).nodes;
    expect(code).toMatchObject({ type: 'code', data: { syntax: 'js', title: 'index.js' } });
    const [js] = convert(CORPUS.code as string).nodes;
    expect(js?.nodes).toHaveLength(3);
  });

  it('maps hints with their style and falls back to info for unknown styles', () => {
    const hints = convert(CORPUS.hints as string).nodes;
    expect(hints.map((h) => [h.type, h.data?.style])).toEqual([
      ['hint', 'warning'],
      ['hint', 'info'],
    ]);
  });

  it('degrades what a hint cannot hold (code, images) instead of producing an invalid tree', () => {
    const [hint] = convert(CORPUS.hintWithCode as string).nodes;
    expect(hint?.type).toBe('hint');
    expect(nodesOfType([hint], 'code')).toEqual([]);
    expect(JSON.stringify(hint)).toContain('npm start');
  });

  it('maps tabs, steppers, details and embeds', () => {
    const [tabs] = convert(CORPUS.tabs as string).nodes;
    expect(tabs?.nodes?.map((t) => (t as DocumentBlock).data)).toEqual([{ title: 'npm' }, { title: 'yarn' }]);
    expect(convert(CORPUS.stepper as string).nodes[0]?.nodes).toHaveLength(2);
    const [details] = convert(CORPUS.details as string).nodes;
    expect(details?.type).toBe('expandable');
    expect(JSON.stringify(details?.fragments?.[0])).toContain('More');
    expect(convert(CORPUS.embed as string).nodes).toEqual([
      { object: 'block', type: 'embed', isVoid: true, data: { url: 'https://www.youtube.com/watch?v=1' }, key: expect.any(String) },
    ]);
  });

  it('leaves tags inside fenced code as code', () => {
    const [code] = convert(CORPUS.tagsInCode as string).nodes;
    expect(code?.type).toBe('code');
    expect(JSON.stringify(code)).toContain('{% hint %}');
  });

  it('maps a pipe table to a grid table with one record per row', () => {
    const [table] = convert(CORPUS.table as string).nodes;
    const data = table?.data as { records: Record<string, unknown>; definition: Record<string, { title: string; textAlignment: string }> };
    expect(Object.keys(data.records)).toHaveLength(2);
    expect(Object.values(data.definition).map((c) => [c.title, c.textAlignment])).toEqual([
      ['Left', 'left'],
      ['Center', 'center'],
      ['Right', 'right'],
    ]);
  });

  it('resolves link and image targets through the caller', () => {
    const doc = markdownToDocument('[p](other.md) ![i](pic.png)', {
      resolveRef: (target, kind) => (kind === 'image' ? { kind: 'file', file: `file-${target}` } : { kind: 'page', page: `page-${target}` }),
    });
    const text = JSON.stringify(doc);
    expect(text).toContain('"page":"page-other.md"');
    expect(text).toContain('"file":"file-pic.png"');
  });
});

describe('markdownToDocument options', () => {
  it('keeps a soft line break as a newline, or as what `softBreak` says', () => {
    const text = (doc: JSONDocument) => (doc.nodes[0]?.nodes?.[0] as { leaves: { text: string }[] }).leaves[0]?.text;
    expect(text(markdownToDocument('one\ntwo  \nthree'))).toBe('one\ntwo\nthree');
    expect(text(markdownToDocument('one\ntwo  \nthree', { softBreak: ' ' }))).toBe('one two\nthree');
  });

  it('leaves blocks where the markdown nests them with `fit: false`', () => {
    const markdown = CORPUS.hintWithCode as string;
    expect(nodesOfType(markdownToDocument(markdown).nodes, 'code')).toEqual([]);
    expect(nodesOfType(markdownToDocument(markdown, { fit: false }).nodes, 'code')).toHaveLength(1);
  });

  it('converts tags nested thousands deep without running out of stack, keeping their text', () => {
    const markdown = `${'{% hint %}\n'.repeat(5_000)}inside\n${'{% endhint %}\n'.repeat(5_000)}`;
    const document = markdownToDocument(markdown);
    expect(JSON.stringify(document)).toContain('inside');
    expect(nodesOfType(document.nodes, 'hint').length).toBeLessThanOrEqual(32);
    expect(validateSchema('JSONDocument', document)).toEqual([]);
  });
});
