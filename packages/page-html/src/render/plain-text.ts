import { childrenOf, dataOf, fragmentsOf, isBlock, isInline, isText, leavesOf, str } from './document-shape';

// Plain text of any subtree without recursion (a 10,000-deep document has no stack to spare), and
// bounded: it stops after `limit` characters.

/** A marker on the stack: the end of a block. */
const BLOCK_END = Symbol('block end');

/** The text a node shows: leaves in order, blocks separated by `blockBreak`, image alt texts and formulas kept. */
export function plainTextOf(root: unknown, limit = Number.MAX_SAFE_INTEGER, blockBreak = ' '): string {
  const parts: string[] = [];
  let length = 0;
  const stack: unknown[] = [root];
  while (stack.length && length < limit) {
    const node = stack.pop();
    if (node === BLOCK_END) {
      if (blockBreak) parts.push(blockBreak);
      continue;
    }
    if (isText(node)) {
      for (const leaf of leavesOf(node)) {
        parts.push(leaf.text);
        length += leaf.text.length;
      }
      continue;
    }
    if (isInline(node) || isBlock(node)) {
      const data = dataOf(node);
      const own = str(data, 'alt') ?? str(data, 'formula') ?? str(data, 'label') ?? '';
      if (own) {
        parts.push(own);
        length += own.length;
      }
    }
    // Children pushed in reverse so that they pop in order; a block is followed by a break.
    const next: unknown[] = [...childrenOf(node), ...fragmentsOf(node)];
    if (isBlock(node)) stack.push(BLOCK_END);
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]);
  }
  return parts.join('').slice(0, limit);
}

/** Whitespace runs as one space, trimmed. */
export const collapsed = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** At most `max` UTF-16 units, cut between code points (no lone surrogate) at a word, with an ellipsis. */
export function clipped(text: string, max: number): string {
  if (text.length <= max) return text;
  let head = '';
  for (const char of text) {
    if (head.length + char.length > max - 1) break;
    head += char;
  }
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}
