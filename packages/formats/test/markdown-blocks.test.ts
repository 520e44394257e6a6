import { blockKeyOf, markdownBlocks } from '../src/document/markdown-blocks';
import { markdownToDocument } from '../src/document/markdown-to-document';

// The keys of a page's top-level blocks, by which `revert_page` names the blocks to revert.

const PAGE = [
  '# Install',
  '',
  'Run the installer.',
  '',
  '- one',
  '- two',
  '',
  '',
  '{% hint style="info" %}',
  'Read this first.',
  '',
  'Really.',
  '{% endhint %}',
  '',
  '```sh',
  'npm i',
  '',
  '```',
  '',
  'Run the installer.',
  '',
].join('\n');

const keysOf = (markdown: string) => markdownBlocks(markdown).map((b) => b.key);

describe('markdownBlocks', () => {
  it('splits the top level into blocks, a GitBook tag being one, with their lines as written', () => {
    const blocks = markdownBlocks(PAGE);
    expect(blocks.map((b) => [b.from, b.to])).toEqual([
      [0, 1],
      [2, 3],
      [4, 6],
      [8, 13],
      [14, 18],
      [19, 20],
    ]);
    expect(blocks[2]?.source).toBe('- one\n- two'); // the list's trailing blank lines are not its own
    expect(blocks[3]?.source).toBe('{% hint style="info" %}\nRead this first.\n\nReally.\n{% endhint %}');
  });

  it('gives every block a unique key, a repeated block its occurrence', () => {
    const keys = keysOf(PAGE);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[5]).toBe(`${keys[1]}-2`);
    expect(keys.every((k) => /^[0-9a-f]{12}(-\d+)?$/.test(k))).toBe(true);
  });

  it('keeps the keys of the blocks left alone in another revision: edited, inserted, removed or moved around them', () => {
    const [heading, run, list, hint, code] = keysOf(PAGE);
    const edited = PAGE.replace('- two', '- two\n- three').replace('# Install', 'Intro.\n\n# Install');
    const after = keysOf(edited);
    expect(after).toEqual([expect.any(String), heading, run, expect.any(String), hint, code, `${run}-2`]);
    expect(after).not.toContain(list);
    const moved = keysOf(['```sh', 'npm i', '', '```', '', '# Install'].join('\n'));
    expect(moved).toEqual([code, heading]);
    expect(keysOf(PAGE.replace(/\n/g, '\r\n'))).toEqual(keysOf(PAGE)); // line endings are not content
  });

  it('are the keys of the top-level nodes of the page document', () => {
    const document = markdownToDocument(PAGE);
    expect(document.nodes.map((n) => n.key)).toEqual(keysOf(PAGE));
    // A tag that gives several nodes: the first has the block's key, the others a part of it.
    const code = '{% code title="a.js" %}\nx\n\n```js\ny\n```\n{% endcode %}';
    const [key] = keysOf(code);
    const nodes = markdownToDocument(code).nodes;
    expect(nodes.map((n) => n.key)).toEqual([key, `${key}.2`]);
    expect(nodes.map((n) => blockKeyOf(n.key as string))).toEqual([key, key]);
  });

  it('resolves reference links across blocks, as one markdown run', () => {
    const text = JSON.stringify(markdownToDocument('See [the site][s].\n\n[s]: https://example.com\n\nMore.'));
    expect(text).toContain('https://example.com');
  });
});
