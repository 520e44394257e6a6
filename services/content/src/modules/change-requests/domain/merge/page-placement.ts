import type { StoredPage } from '../../../revisions';
import type { MergeConflict, MergeLabels } from './merge-conflict';
import { type PagePlan, plannedPage } from './page-plan';
import type { MergeSides } from './sibling-order';

// Each merged page's parent: the three-way merge of its parent on both sides, then repaired so that
// the merged tree keeps RevisionTree's invariants — every parent present, groups only at the top
// level, no cycle (a move on each side can make one: A under B here, B under A there).

type Conflicts = MergeConflict[];

/** The merged parent of every planned page (by id); `pages` holds the merged pages by id. */
export function placePages(
  plans: readonly PagePlan[],
  pages: ReadonlyMap<string, StoredPage>,
  sides: MergeSides,
  labels: MergeLabels,
  conflicts: Conflicts,
): Map<string, string | null> {
  const parentOf = new Map<string, string | null>();
  for (const plan of plans) parentOf.set(plan.id, mergedParent(plan, pages, labels, conflicts));
  for (const plan of plans) {
    const parentId = parentOf.get(plan.id) ?? null;
    if (parentId !== null && !pages.has(parentId)) parentOf.set(plan.id, livingAncestor(plan, parentId, pages, sides, labels, conflicts));
    const page = pages.get(plan.id);
    if (page?.kind === 'group' && parentOf.get(plan.id) !== null) {
      conflicts.push(conflict(page, 'move', `Group "${page.title}" can only live at the top level; it is kept there.`));
      parentOf.set(plan.id, null);
    }
  }
  breakCycles(parentOf, pages, sides, labels, conflicts);
  return parentOf;
}

function mergedParent(plan: PagePlan, pages: ReadonlyMap<string, StoredPage>, labels: MergeLabels, conflicts: Conflicts): string | null {
  const { base, target, source } = plan;
  if (!target || !source) return plannedPage(plan).parentId;
  if (target.parentId === source.parentId || base?.parentId === source.parentId) return target.parentId;
  if (base?.parentId === target.parentId) return source.parentId;
  const title = (id: string | null) => (id === null ? 'the top level' : `"${pages.get(id)?.title ?? id}"`);
  conflicts.push(
    conflict(
      target,
      'move',
      `"${target.title}" was moved to ${title(target.parentId)} in ${labels.target} and to ${title(source.parentId)} in ${labels.source}; ${labels.target}'s place is kept.`,
    ),
  );
  return target.parentId;
}

/** The page's parent is not in the merged tree: the nearest ancestor (on its side, then the base) that is. */
function livingAncestor(
  plan: PagePlan,
  missingParent: string,
  pages: ReadonlyMap<string, StoredPage>,
  sides: MergeSides,
  labels: MergeLabels,
  conflicts: Conflicts,
): string | null {
  const page = plannedPage(plan);
  const side = plan.takenFrom === 'source' ? sides.source : sides.target;
  let found: string | null = null;
  for (const tree of [side, sides.base]) {
    for (let id = tree.byId.get(missingParent)?.parentId ?? null; id !== null && found === null; id = tree.byId.get(id)?.parentId ?? null) {
      if (pages.has(id)) found = id;
    }
    if (found !== null) break;
  }
  const where = found === null ? 'the top level' : `"${pages.get(found)?.title}"`;
  conflicts.push(
    conflict(page, 'move', `The parent of "${page.title}" is not in the merge of ${labels.target} and ${labels.source}; the page is kept under ${where}.`),
  );
  return found;
}

/** A cycle comes from a move on the source side (the target's tree has none): that page goes back to the target's place. */
function breakCycles(
  parentOf: Map<string, string | null>,
  pages: ReadonlyMap<string, StoredPage>,
  sides: MergeSides,
  labels: MergeLabels,
  conflicts: Conflicts,
): void {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  for (const start of parentOf.keys()) {
    path.length = 0;
    onPath.clear();
    for (let id: string | null = start; id !== null && !done.has(id); id = parentOf.get(id) ?? null) {
      if (onPath.has(id)) {
        const cycle = path.slice(path.indexOf(id));
        const moved = cycle.find((c) => parentOf.get(c) !== (sides.target.byId.get(c)?.parentId ?? null)) ?? cycle[0];
        const page = pages.get(moved);
        const targetParent = sides.target.byId.get(moved)?.parentId ?? null;
        const canGoBack = targetParent !== null && pages.has(targetParent) && parentOf.get(moved) !== targetParent;
        parentOf.set(moved, canGoBack ? targetParent : null);
        if (page) {
          const message = `Moving "${page.title}" as ${labels.source} does would put it inside itself (the pages were moved under each other); ${labels.target}'s place is kept.`;
          conflicts.push(conflict(page, 'move', message));
        }
        // Walk this start again: the repaired parent may lead elsewhere.
        path.length = 0;
        onPath.clear();
        id = start;
      }
      path.push(id);
      onPath.add(id);
    }
    for (const id of path) done.add(id);
  }
}

function conflict(page: StoredPage, kind: MergeConflict['kind'], message: string): MergeConflict {
  return { pageId: page.id, title: page.title, kind, message };
}
