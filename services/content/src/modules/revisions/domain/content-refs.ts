import { ASSETS_DIR, assetFile, isUrl, pageFile, pagePathOf, relativeTarget, resolveRelative, safeDecode, type ContentRef } from '@quire/formats';
import { pagePaths, type RevisionTree, type StoredFile, type StoredPage } from '../model/revision-tree';

// How a stored body's link targets map onto its revision, the way GitBook's Git Sync lays content
// out (the file rules are @quire/formats' revision-paths.ts): the page at path `guide/install` is
// the markdown file `guide/install.md`, files live in `.gitbook/assets/<name>`, and a body links to
// either with a path relative to its own file.

/** What a target points at: a page or file of the revision, an outside URL, or an internal path that resolves to nothing. */
export type ResolvedTarget = ContentRef | { kind: 'broken'; target: string };

export class RevisionIndex {
  readonly paths: Map<string, string>;
  private readonly pageByPath = new Map<string, StoredPage>();
  private readonly pageById: Map<string, StoredPage>;
  private readonly fileByName = new Map<string, StoredFile>();

  /** `gitBlobs`: Git Sync's blob of each page and file (by id) in the revision's commit, when it has one. */
  constructor(
    readonly tree: RevisionTree,
    readonly gitBlobs: Readonly<Record<string, { oid: string; path: string }>> | null = null,
  ) {
    this.paths = pagePaths(tree.pages);
    this.pageById = new Map(tree.pages.map((p) => [p.id, p]));
    for (const page of tree.pages) {
      const path = this.paths.get(page.id);
      if (path !== undefined && !this.pageByPath.has(path)) this.pageByPath.set(path, page);
    }
    for (const file of tree.files) this.fileByName.set(file.name, file);
  }

  /** The markdown file a page is written as (`guide/install.md`). */
  fileOf(pageId: string): string {
    return pageFile(this.paths.get(pageId) ?? pageId);
  }

  page(id: string): StoredPage | undefined {
    return this.pageById.get(id);
  }

  /** The page at a slug path (`guides/install`; groups' slugs are not part of their children's paths). */
  pageAt(path: string): StoredPage | undefined {
    return this.pageByPath.get(path);
  }

  /** A target written in the body of page `fromPageId` (null: a target outside any page). */
  resolve(target: string, fromPageId: string | null): ResolvedTarget {
    const trimmed = target.trim();
    if (isUrl(trimmed)) return { kind: 'url', url: trimmed };
    if (trimmed.startsWith('#')) return { kind: 'anchor', anchor: trimmed.slice(1), ...(fromPageId ? { page: fromPageId } : {}) };
    const resolved = resolveRelative(trimmed, fromPageId ? this.fileOf(fromPageId) : '');
    if (!resolved) return { kind: 'broken', target };
    if (resolved.path.startsWith(`${ASSETS_DIR}/`)) {
      const file = this.fileByName.get(resolved.path.slice(ASSETS_DIR.length + 1));
      return file ? { kind: 'file', file: file.id } : { kind: 'broken', target };
    }
    const page = this.pageByPath.get(pagePathOf(resolved.path));
    if (!page) return { kind: 'broken', target };
    return resolved.anchor ? { kind: 'anchor', page: page.id, anchor: safeDecode(resolved.anchor) } : { kind: 'page', page: page.id };
  }

  /** The target to write in the body of `fromPageId` for a link to a page or a file. */
  relativeTarget(fromPageId: string, to: { page: string; anchor?: string } | { fileName: string }): string {
    const toPath = 'page' in to ? this.fileOf(to.page) : assetFile(to.fileName);
    return relativeTarget(this.fileOf(fromPageId), toPath) + ('page' in to && to.anchor ? `#${to.anchor}` : '');
  }
}
