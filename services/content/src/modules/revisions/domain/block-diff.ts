import type { MarkdownBlock } from '@quire/formats';

// What became of a page body's top-level blocks between a source revision and now, by their keys
// (markdown-blocks.ts: a key is the block's text, so an edited block has a new key):
// - stable: in both, in the same order: the longest run of shared keys the two bodies list in the
//   same order (Hunt–Szymanski: keys are unique, so it is a longest increasing subsequence);
// - moved: in both, out of that order;
// - added (only now) and deleted (only in the source), except that a block modified is both: after
//   the same stable block, the n-th added and the n-th deleted block are one block, modified.

export interface BlockDiff {
  /** Keys in both bodies that are not where they were. */
  moved: Set<string>;
  /** A modified block's key now ↔ its key in the source, both ways. */
  modified: Map<string, string>;
}

export function diffBlocks(current: readonly MarkdownBlock[], source: readonly MarkdownBlock[]): BlockDiff {
  const sourceIndex = new Map(source.map((b, i) => [b.key, i]));
  const shared = current.filter((b) => sourceIndex.has(b.key));
  const stable = new Set(longestIncreasing(shared.map((b) => sourceIndex.get(b.key) as number)).map((i) => (shared[i] as MarkdownBlock).key));
  const moved = new Set(shared.map((b) => b.key).filter((key) => !stable.has(key)));

  const inCurrent = new Set(current.map((b) => b.key));
  const added = byStablePredecessor(current, stable, (key) => !sourceIndex.has(key));
  const deleted = byStablePredecessor(source, stable, (key) => !inCurrent.has(key));
  const modified = new Map<string, string>();
  for (const [after, keys] of added) {
    (deleted.get(after) ?? []).slice(0, keys.length).forEach((was, n) => {
      const now = keys[n] as string;
      modified.set(now, was).set(was, now);
    });
  }
  return { moved, modified };
}

/** The keys of the blocks that `pick` keeps, grouped by the stable block before them (null: none). */
function byStablePredecessor(blocks: readonly MarkdownBlock[], stable: Set<string>, pick: (key: string) => boolean): Map<string | null, string[]> {
  const groups = new Map<string | null, string[]>();
  let after: string | null = null;
  for (const { key } of blocks) {
    if (stable.has(key)) after = key;
    else if (pick(key)) {
      const group = groups.get(after) ?? [];
      group.push(key);
      groups.set(after, group);
    }
  }
  return groups;
}

/** Positions of a longest strictly increasing subsequence of `values` (patience sorting, O(n log n)). */
export function longestIncreasing(values: readonly number[]): number[] {
  const tails: number[] = [];
  const previous: number[] = [];
  values.forEach((value, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((values[tails[middle] as number] as number) < value) low = middle + 1;
      else high = middle;
    }
    previous[i] = low ? (tails[low - 1] as number) : -1;
    tails[low] = i;
  });
  const positions: number[] = [];
  for (let i = tails.length ? (tails[tails.length - 1] as number) : -1; i >= 0; i = previous[i] as number) positions.push(i);
  return positions.reverse();
}
