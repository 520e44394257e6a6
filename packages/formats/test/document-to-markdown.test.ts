import { documentToMarkdown } from '../src/document/document-to-markdown';
import { markdownToDocument } from '../src/document/markdown-to-document';
import type { JSONDocument } from '../src/document/document-nodes';

// A comment posted as a JSONDocument is stored as markdown: converting back must give the same
// document (what the reviewer wrote survives), and hostile documents must not break the post.

const ROUND_TRIPS: Record<string, string> = {
  headings: '# One\n\n## Two\n\n### Three',
  marks: 'Some **bold**, _italic_, ~~struck~~, `code` and **_both_** text.',
  specials: 'Stars \\* and under\\_scores and \\[brackets\\] and a back\\\\slash',
  codeWithTicks: 'Use ``a `tick` inside`` here',
  links: 'A [link](https://example.com/a) and ![an image](https://example.com/b.png)',
  lists: '- a\n- b\n  - nested\n\n1. one\n2. two',
  tasks: '- [ ] open\n- [x] done',
  quote: '> quoted\n>\n> more',
  code: '```js\nconst a = 1;\n\nconsole.log(a);\n```',
  hint: '{% hint style="warning" %}\nCareful **now**.\n{% endhint %}',
  divider: 'above\n\n---\n\nbelow',
  astral: 'Emoji 🦄 and 👩‍👩‍👧 and 𝕏 survive',
};

describe('documentToMarkdown', () => {
  it.each(Object.entries(ROUND_TRIPS))('%s: markdown → document → markdown → the same document', (_name, markdown) => {
    // Keys aside: a key hashes the markdown as written, and the writer spells some blocks its own way.
    const withoutKeys = (doc: JSONDocument) => ({ ...doc, nodes: doc.nodes.map(({ key: _key, ...node }) => node) });
    const document = markdownToDocument(markdown);
    expect(withoutKeys(markdownToDocument(documentToMarkdown(document)))).toEqual(withoutKeys(document));
  });

  it('writes readable markdown for the basic blocks', () => {
    expect(documentToMarkdown(markdownToDocument('## Title\n\nPlain **bold**\n\n- one\n- two'))).toBe('## Title\n\nPlain **bold**\n\n- one\n- two');
  });

  it('keeps spaces outside mark fences', () => {
    const leaves = [
      { object: 'leaf', text: 'a', marks: [] },
      { object: 'leaf', text: ' b ', marks: [{ object: 'mark', type: 'bold' }] },
      { object: 'leaf', text: 'c', marks: [] },
    ];
    expect(documentToMarkdown({ nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves }] }] })).toBe('a **b** c');
  });

  it('keeps the text of unknown or malformed nodes and ignores what is not a node', () => {
    const nodes: unknown[] = [
      null,
      'text',
      { object: 'block', type: 'mystery', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'kept' }] }] },
      { object: 'block', type: 'paragraph', nodes: 'not an array' },
      { object: 'block', type: 'image', data: { ref: { kind: 'file', file: 'f1' }, alt: 'alt only' } },
    ];
    expect(documentToMarkdown({ nodes })).toBe('kept\n\nalt only');
  });

  it('survives a document nested far deeper than any person writes', () => {
    let node: Record<string, unknown> = { object: 'text', leaves: [{ object: 'leaf', text: 'deep', marks: [] }] };
    for (let i = 0; i < 10_000; i++) node = { object: 'block', type: 'blockquote', nodes: [node] };
    expect(typeof documentToMarkdown({ nodes: [node] })).toBe('string');
  });
});
