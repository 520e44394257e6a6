import { badRequest, notFound } from '@quire/errors';
import { uniqueSlug } from '@quire/formats';
import { type EditDraft, childrenByParent, subtreeIds, type RevisionTree, type StoredPage } from '../../revisions';

// Page edits a change request takes besides imports (Quire companions of the reference, which
// edits content only through imports and its editor): delete a page with its subtree, move a
// page under another parent or among its siblings. Both answer the next revision's tree.

/** Removes `pageId` and its descendants. */
export function deletePageFromTree(tree: RevisionTree, pageId: string): EditDraft {
  if (!tree.pages.some((p) => p.id === pageId)) throw notFound(`Page ${pageId} not found`);
  const removed = subtreeIds(tree.pages, pageId);
  return { tree: { pages: tree.pages.filter((p) => !removed.has(p.id)), files: tree.files }, bodies: new Map(), changedPageIds: [...removed] };
}

export interface PageMove {
  /** The new parent page (null: the top level); absent: the page keeps its parent. */
  parent?: string | null;
  /** A sibling to land before or after; neither: after the last sibling. */
  before?: string;
  after?: string;
}

/**
 * Moves a page (with its subtree) under `parent`, before/after a sibling. Refused: a parent in the
 * page's own subtree, a group below the top level (reference: groups only at the top level), a
 * sibling that is not a child of the new parent. The page takes a slug unique among its new siblings.
 */
export function movePage(tree: RevisionTree, pageId: string, move: PageMove, now: Date): EditDraft {
  const page = tree.pages.find((p) => p.id === pageId);
  if (!page) throw notFound(`Page ${pageId} not found`);
  const parentId = move.parent === undefined ? page.parentId : move.parent;
  const moving = subtreeIds(tree.pages, pageId);
  if (parentId !== null) {
    const parent = tree.pages.find((p) => p.id === parentId);
    if (!parent) throw badRequest(`"parent": page ${parentId} is not in this content`);
    if (moving.has(parentId)) throw badRequest('"parent": a page cannot move into its own subtree');
    if (parent.kind === 'link') throw badRequest('"parent": a link page has no children');
    if (page.kind === 'group') throw badRequest('"parent": groups stay at the top level');
  }
  const block = tree.pages.filter((p) => moving.has(p.id));
  const rest = tree.pages.filter((p) => !moving.has(p.id));
  const siblings = (childrenByParent(rest).get(parentId) ?? []).filter((p) => p.id !== pageId);
  const anchor = move.before ?? move.after;
  if (anchor !== undefined && !siblings.some((s) => s.id === anchor))
    throw badRequest(`"position": page ${anchor} is not a sibling under ${parentId ?? 'the top level'}`);

  const moved: StoredPage = {
    ...(block[0] as StoredPage),
    parentId,
    slug: uniqueSlug(page.slug, new Set(siblings.map((s) => s.slug))),
    updatedAt: now.toISOString(),
  };
  const insertAt = insertionIndex(rest, parentId, siblings, move);
  const pages = [...rest.slice(0, insertAt), moved, ...block.slice(1), ...rest.slice(insertAt)];
  return { tree: { pages, files: tree.files }, bodies: new Map(), changedPageIds: [pageId] };
}

/** Where the moved block goes in `rest` (tree order: parents before children, siblings in order). */
function insertionIndex(rest: StoredPage[], parentId: string | null, siblings: StoredPage[], move: PageMove): number {
  const indexOf = (id: string) => rest.findIndex((p) => p.id === id);
  const endOfSubtree = (id: string) => {
    const inside = subtreeIds(rest, id);
    let last = indexOf(id);
    rest.forEach((p, i) => {
      if (inside.has(p.id)) last = Math.max(last, i);
    });
    return last + 1;
  };
  if (move.before) return indexOf(move.before);
  if (move.after) return endOfSubtree(move.after);
  const last = siblings[siblings.length - 1];
  if (last) return endOfSubtree(last.id);
  return parentId === null ? rest.length : indexOf(parentId) + 1;
}
