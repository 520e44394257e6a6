import { uniqueSlug } from '@quire/formats';
import { bodyHash, type RevisionTree, type StoredPage } from '../../../revisions';
import type { MergeConflict, MergeLabels } from './merge-conflict';
import { mergeFiles } from './merge-files';
import { conflictBlock, mergeText } from './merge-text';
import { contentDiffers, pageEdited } from './page-fields';
import { type PagePlan, planPages, plannedBodyHashes, plannedPage } from './page-plan';
import { placePages } from './page-placement';
import { type MergeSides, orderSiblings } from './sibling-order';
import { TreeSide } from './tree-side';

// The three-way merge of two revisions of one space's content (the rules and a worked
// example of each case: docs/change-requests.md, Merge rules). Pure: the caller loads the bodies `bodiesNeeded` names
// and stores the new ones; every step is a map lookup per page, O(pages) in all.

export type { MergeConflict } from './merge-conflict';

export interface MergeSide {
  tree: RevisionTree;
  /** Names the side in conflict markers and messages (`main`, `change request #4`). */
  label: string;
}

export interface MergeInput {
  /** The common ancestor. */
  base: RevisionTree;
  /** The side merged into (main for a merge; the change request for an update). */
  target: MergeSide;
  /** The side brought in (the change request for a merge; main for an update). */
  source: MergeSide;
  /** Markdown by body hash; holds every hash `bodiesNeeded` returns. */
  bodies: ReadonlyMap<string, string>;
}

export interface MergeOutcome {
  /** The merged tree, always complete; conflicting bodies hold markers. */
  tree: RevisionTree;
  /** Bodies (hash → markdown) the merged tree uses that were not in the input. */
  bodies: Map<string, string>;
  /** Empty: a clean merge. */
  conflicts: MergeConflict[];
  /** Page id → the hash of its body holding conflict markers. */
  conflictedBodies: Map<string, string>;
  /** Pages whose content or place (parent, preceding sibling) differs from the target. */
  changedPageIds: string[];
  /** The target's pages that the merged tree no longer holds. */
  deletedPageIds: string[];
}

export function bodiesNeeded(base: RevisionTree, target: RevisionTree, source: RevisionTree): string[] {
  return plannedBodyHashes(planPages(indexSides(base, target, source)).plans);
}

export function mergeRevisions(input: MergeInput, ctx: { now: Date }): MergeOutcome {
  const labels: MergeLabels = { target: input.target.label, source: input.source.label };
  const sides = indexSides(input.base, input.target.tree, input.source.tree);
  const { plans, deletedIds } = planPages(sides);
  const conflicts: MergeConflict[] = [];
  const bodies = new BodyStore(input.bodies);
  const conflictedBodies = new Map<string, string>();

  const pages = new Map<string, StoredPage>();
  for (const plan of plans) {
    const { page, conflicts: found, hasMarkers } = mergePage(plan, bodies, labels);
    pages.set(plan.id, page);
    conflicts.push(...found);
    if (hasMarkers && page.body) conflictedBodies.set(page.id, page.body);
  }
  const parentOf = placePages(plans, pages, sides, labels, conflicts);
  conflicts.push(...additionsUnderDeleted(plans, parentOf, pages, labels));
  const { order, previous } = arrangePages(plans, parentOf, pages, sides);

  const now = ctx.now.toISOString();
  const changedPageIds: string[] = [];
  const merged = order.map((id) => {
    const page = pages.get(id) as StoredPage; // `order` holds only ids of `pages`
    page.parentId = parentOf.get(id) ?? null;
    const before = sides.target.byId.get(id);
    const isContentChanged = !before || contentDiffers(before, page);
    if (isContentChanged) page.updatedAt = now;
    if (isContentChanged || before.parentId !== page.parentId || sides.target.previousSibling(id) !== previous.get(id)) changedPageIds.push(id);
    return page;
  });
  const files = mergeFiles(input.base.files, input.target.tree.files, input.source.tree.files, labels);
  return {
    tree: { pages: merged, files: files.files },
    bodies: bodies.added,
    conflicts: [...conflicts, ...files.conflicts],
    conflictedBodies,
    changedPageIds,
    deletedPageIds: deletedIds,
  };
}

function indexSides(base: RevisionTree, target: RevisionTree, source: RevisionTree): MergeSides {
  const sides = { base: new TreeSide(base), target: new TreeSide(target), source: new TreeSide(source) };
  sides.target.markEdits(sides.base);
  sides.source.markEdits(sides.base);
  return sides;
}

/** Reads the input bodies (an absent hash is an empty page) and keeps the bodies the merge writes. */
class BodyStore {
  readonly added = new Map<string, string>();
  constructor(private readonly known: ReadonlyMap<string, string>) {}

  read(hash: string | undefined): string {
    if (!hash) return '';
    const text = this.known.get(hash) ?? this.added.get(hash);
    if (text === undefined) throw new Error(`merge: body ${hash} was not loaded (bodiesNeeded names every body the merge reads)`);
    return text;
  }

  write(text: string): string | undefined {
    if (text === '') return undefined;
    const hash = bodyHash(text);
    if (!this.known.has(hash)) this.added.set(hash, text);
    return hash;
  }
}

interface PageMerge {
  page: StoredPage;
  conflicts: MergeConflict[];
  hasMarkers: boolean;
}

function mergePage(plan: PagePlan, bodies: BodyStore, labels: MergeLabels): PageMerge {
  const page: StoredPage = { ...plannedPage(plan) };
  const conflicts: MergeConflict[] = [];
  const conflict = (kind: MergeConflict['kind'], message: string) => conflicts.push({ pageId: page.id, title: page.title, kind, message });
  let hasMarkers = false;

  for (const field of plan.fields?.conflicting ?? []) {
    conflict('metadata', `The ${field} of "${page.title}" was changed differently in ${labels.target} and ${labels.source}; ${labels.target}'s is kept.`);
  }
  if (plan.fields?.isBodyConflicting) {
    const text = mergeText(bodies.read(plan.base?.body), bodies.read(plan.target?.body), bodies.read(plan.source?.body), labels);
    setBody(page, bodies.write(text.text));
    if (text.conflict) {
      hasMarkers = true;
      conflict(
        'body',
        `"${page.title}" was edited in the same place in ${labels.target} and ${labels.source}; both versions are in the page between conflict markers.`,
      );
    }
  }
  if (plan.deletedIn && plan.base) {
    const keptIn = plan.deletedIn === 'target' ? labels.source : labels.target;
    const deletedIn = labels[plan.deletedIn];
    const why = pageEdited(plan.base, page) ? `edited in ${keptIn}` : `pages under it were changed in ${keptIn}`;
    conflict('delete-edit', `"${page.title}" was deleted in ${deletedIn} but ${why}; it is kept.`);
    if (page.kind === 'document') {
      const note = `This page was deleted in ${deletedIn}, but ${why}. Keep the text on the other side of this block to keep the page, or delete the page.`;
      const body = bodies.read(page.body);
      setBody(page, bodies.write(plan.deletedIn === 'target' ? conflictBlock(note, body, labels) : conflictBlock(body, note, labels)));
      hasMarkers = true;
    }
  }
  return { page, conflicts, hasMarkers };
}

function setBody(page: StoredPage, hash: string | undefined): void {
  if (hash === undefined) delete page.body;
  else page.body = hash;
}

/** A page added on one side under a page that the other side deleted (kept by its delete-edit conflict). */
function additionsUnderDeleted(
  plans: readonly PagePlan[],
  parentOf: ReadonlyMap<string, string | null>,
  pages: ReadonlyMap<string, StoredPage>,
  labels: MergeLabels,
): MergeConflict[] {
  const deletedIn = new Map(plans.filter((p) => p.deletedIn).map((p) => [p.id, p.deletedIn]));
  const conflicts: MergeConflict[] = [];
  for (const plan of plans) {
    const parentId = parentOf.get(plan.id) ?? null;
    const parentDeletedIn = parentId === null ? undefined : deletedIn.get(parentId);
    if (plan.base || !plan.takenFrom || !parentDeletedIn || parentDeletedIn === plan.takenFrom) continue;
    const page = pages.get(plan.id);
    const parent = pages.get(parentId ?? '');
    if (!page || !parent) continue;
    const message = `"${page.title}" was added in ${labels[plan.takenFrom]} under "${parent.title}", which was deleted in ${labels[parentDeletedIn]}; both are kept.`;
    conflicts.push({ pageId: page.id, title: page.title, kind: 'delete-edit', message });
  }
  return conflicts;
}

/**
 * Tree order (parents before children, siblings in merged order) with each page's preceding
 * sibling; slugs made unique among siblings on the way, the target's own slugs first.
 */
function arrangePages(
  plans: readonly PagePlan[],
  parentOf: ReadonlyMap<string, string | null>,
  pages: ReadonlyMap<string, StoredPage>,
  sides: MergeSides,
): { order: string[]; previous: Map<string, string | null> } {
  const members = new Map<string | null, Set<string>>();
  for (const plan of plans) {
    const parentId = parentOf.get(plan.id) ?? null;
    const set = members.get(parentId) ?? new Set<string>();
    set.add(plan.id);
    members.set(parentId, set);
  }
  const order: string[] = [];
  const previous = new Map<string, string | null>();
  // Depth-first without recursion: each frame holds the siblings still to visit, reversed.
  const stack: string[][] = [];
  const visitChildren = (parentId: string | null) => {
    const siblings = orderSiblings(parentId, members.get(parentId) ?? new Set(), sides);
    makeSlugsUnique(siblings, parentId, pages, sides);
    siblings.forEach((id, i) => previous.set(id, i > 0 ? siblings[i - 1] : null));
    stack.push([...siblings].reverse());
  };
  visitChildren(null);
  while (stack.length > 0) {
    const id = stack[stack.length - 1].pop();
    if (id === undefined) stack.pop();
    else {
      order.push(id);
      visitChildren(id);
    }
  }
  return { order, previous };
}

function makeSlugsUnique(siblings: readonly string[], parentId: string | null, pages: ReadonlyMap<string, StoredPage>, sides: MergeSides): void {
  const keepsTargetSlug = (page: StoredPage) => {
    const before = sides.target.byId.get(page.id);
    return before !== undefined && before.parentId === parentId && before.slug === page.slug;
  };
  const siblingPages = siblings.map((id) => pages.get(id)).filter((p): p is StoredPage => p !== undefined);
  const taken = new Set(siblingPages.filter(keepsTargetSlug).map((p) => p.slug));
  for (const page of siblingPages) if (!keepsTargetSlug(page)) page.slug = uniqueSlug(page.slug, taken);
}
