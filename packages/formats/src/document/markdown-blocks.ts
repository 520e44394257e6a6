import { createHash } from 'node:crypto';
import { markdownParser, type Token } from './markdown-parser';
import { splitGitBookTags, type Segment } from './gitbook-tags';

// The top-level blocks of a page's markdown, each keyed by its own text, so that a block keeps its
// key in every revision where it is written the same (the reference's `revert_page` names blocks by
// the `key` they have in the page's document, ChangeRequestContentChangeRevertPage). The document
// conversion keys its top-level nodes from here and a block revert diffs bodies by these keys: one
// splitting for both, so the keys a client reads are the keys a revert finds.

export { markdownParser, type Token };
export type TagSegment = Extract<Segment, { kind: 'tag' }>;

export interface MarkdownBlock {
  /** A hash of `source`, then `-2`, `-3`… for the second, third… block written the same. */
  key: string;
  /** Its lines of the markdown (split on line breaks), [from, to), trailing blank lines left out. */
  from: number;
  to: number;
  /** Those lines, as written. */
  source: string;
  /** What the document conversion makes nodes of: a GitBook tag, or one top-level markdown-it token group. */
  content: { kind: 'tag'; tag: TagSegment } | { kind: 'tokens'; tokens: Token[] };
}

/** Hex digits of a key's hash: 48 bits, no collision among the blocks of any real page. */
const KEY_HASH_LENGTH = 12;

export function markdownBlocks(markdown: string): MarkdownBlock[] {
  const lines = markdown.split(/\r?\n/);
  const unkeyed: Omit<MarkdownBlock, 'key' | 'source'>[] = [];
  for (const segment of splitGitBookTags(markdown)) {
    if (segment.kind === 'tag') {
      unkeyed.push({ from: segment.from, to: segment.to, content: { kind: 'tag', tag: segment } });
      continue;
    }
    // One parse per run of markdown, so that reference definitions serve the whole run.
    const tokens = markdownParser(['table', 'strikethrough']).parse(segment.text, {});
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] as Token;
      if (token.level !== 0 || token.nesting === -1 || !token.map) continue;
      const end = token.nesting === 1 ? closing(tokens, i) : i;
      unkeyed.push({ from: segment.from + token.map[0], to: segment.from + token.map[1], content: { kind: 'tokens', tokens: tokens.slice(i, end + 1) } });
      i = end;
    }
  }
  const seen = new Map<string, number>();
  return unkeyed.map((block) => {
    let to = block.to;
    while (to > block.from + 1 && (lines[to - 1] ?? '').trim() === '') to--;
    const source = lines.slice(block.from, to).join('\n');
    const hash = createHash('sha256').update(source.trimEnd()).digest('hex').slice(0, KEY_HASH_LENGTH);
    const occurrence = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, occurrence);
    return { ...block, to, source, key: occurrence === 1 ? hash : `${hash}-${occurrence}` };
  });
}

/**
 * The key of the `part`-th node a block converts to: a block is one node in the document but for a
 * few GitBook tags (a `{% code %}` around several blocks, an unknown tag's text and its content).
 */
export function nodeKey(blockKey: string, part: number): string {
  return part === 0 ? blockKey : `${blockKey}.${part + 1}`;
}

/** The block a node's key names (nodeKey read back). */
export function blockKeyOf(nodeKey: string): string {
  return nodeKey.replace(/\.\d+$/, '');
}

/** The token closing the one opened at `open`. */
export function closing(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    depth += (tokens[i] as Token).nesting;
    if (depth === 0) return i;
  }
  return tokens.length - 1;
}
