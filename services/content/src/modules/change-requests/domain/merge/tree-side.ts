import { childrenByParent, type RevisionTree, type StoredPage } from '../../../revisions';
import { pageEdited } from './page-fields';

// One revision of the three a merge reads (base, target or source), indexed once so that every
// question the merge asks about it is a map lookup: O(pages) to build, O(1) to ask.

export class TreeSide {
  readonly byId: Map<string, StoredPage>;
  readonly children: Map<string | null, StoredPage[]>;
  private readonly previous = new Map<string, string | null>();
  private readonly editedBelow = new Set<string>();

  constructor(readonly tree: RevisionTree) {
    this.byId = new Map(tree.pages.map((p) => [p.id, p]));
    this.children = childrenByParent(tree.pages);
    for (const siblings of this.children.values()) siblings.forEach((p, i) => this.previous.set(p.id, i > 0 ? siblings[i - 1].id : null));
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  childIds(parentId: string | null): string[] {
    return (this.children.get(parentId) ?? []).map((p) => p.id);
  }

  /** The id of the sibling just before the page (null: it is the first). */
  previousSibling(id: string): string | null {
    return this.previous.get(id) ?? null;
  }

  /**
   * Marks, against the base, the pages of this side that were added or edited or that hold such a
   * page below them: a page deleted on the other side is kept (a delete-edit conflict) when marked.
   */
  markEdits(base: TreeSide): void {
    for (const page of this.tree.pages) {
      const before = base.byId.get(page.id);
      if (before && !pageEdited(before, page)) continue;
      // Walk up until an ancestor already marked: each page is marked once, O(pages) in all.
      for (let id: string | null = page.id; id !== null && !this.editedBelow.has(id); id = this.byId.get(id)?.parentId ?? null) {
        this.editedBelow.add(id);
      }
    }
  }

  /** Added or edited on this side, or an ancestor of such a page (after `markEdits`). */
  isEditedOrAbove(id: string): boolean {
    return this.editedBelow.has(id);
  }
}
