import type { TreeSide } from './tree-side';

// The order of one parent's merged children. One side's order leads (the target's, unless only the
// source reordered these siblings); the other side's pages that the leading order lacks go in after
// the sibling that precedes them on their side. Both sides reordering the same siblings is not a
// conflict: the target's order wins (docs/change-requests.md, Merge rules, Reorders).

export interface MergeSides {
  base: TreeSide;
  target: TreeSide;
  source: TreeSide;
}

/** `members`: the ids whose merged parent is `parentId`, in a stable order (the fallback order). */
export function orderSiblings(parentId: string | null, members: ReadonlySet<string>, sides: MergeSides): string[] {
  if (members.size === 0) return [];
  const inTarget = parentId === null || sides.target.has(parentId);
  const inSource = parentId === null || sides.source.has(parentId);
  const targetIds = inTarget ? sides.target.childIds(parentId) : [];
  const sourceIds = inSource ? sides.source.childIds(parentId) : [];
  const isSourceLeading = !inTarget || (inSource && isReordered(sides.source, parentId, sides.base) && !isReordered(sides.target, parentId, sides.base));
  const [leading, other] = isSourceLeading ? [sourceIds, targetIds] : [targetIds, sourceIds];

  const kept = leading.filter((id) => members.has(id));
  const placed = new Set(kept);
  // The other side's pages go after the leading side's own additions that follow their anchor
  // (both added after `c`: the leading side's page first). `runEnd`: the last page of such a run.
  const inOther = new Set(other);
  const runEnd = new Map<string, string>();
  for (let i = kept.length - 1; i >= 0; i--) {
    const next = kept[i + 1];
    runEnd.set(kept[i], next !== undefined && !inOther.has(next) ? (runEnd.get(next) ?? next) : kept[i]);
  }
  const after = new Map<string, string[]>();
  const anchoredAfter = (id: string) => {
    const anchor = runEnd.get(id) ?? id;
    const followers = after.get(anchor) ?? [];
    after.set(anchor, followers);
    return followers;
  };
  const startsWithOwnPages = kept.length > 0 && !inOther.has(kept[0]);
  const first = startsWithOwnPages ? anchoredAfter(kept[0]) : [];
  const last: string[] = [];
  // Where the other side's next unplaced page goes: after the nearest preceding sibling that is
  // placed, first when nothing precedes it on its side, last when what preceded it is gone.
  let followers = first;
  for (const id of other) {
    if (placed.has(id)) followers = anchoredAfter(id);
    else if (members.has(id)) {
      followers.push(id);
      placed.add(id);
    } else if (followers === first && first.length === 0) followers = last;
  }

  const ordered = startsWithOwnPages ? [] : [...first];
  for (const id of kept) ordered.push(id, ...(after.get(id) ?? []));
  ordered.push(...last);
  // Pages attached here only because their own parent is gone (docs/change-requests.md, Merge rules, Additions).
  for (const id of members) if (!placed.has(id)) ordered.push(id);
  return ordered;
}

/** Whether the side changed the relative order of the siblings it shares with the base. */
function isReordered(side: TreeSide, parentId: string | null, base: TreeSide): boolean {
  const sideIds = side.childIds(parentId);
  const baseIds = base.childIds(parentId);
  const inSide = new Set(sideIds);
  const inBase = new Set(baseIds);
  const baseOrder = baseIds.filter((id) => inSide.has(id));
  const sideOrder = sideIds.filter((id) => inBase.has(id));
  return baseOrder.some((id, i) => id !== sideOrder[i]);
}
