import { safeDecode, type ContentRef } from '@quire/formats';
import { pagePaths, type RevisionTree, type StoredFile, type StoredPage } from '../../model/revision-tree';

// How a stored body's link targets map onto its revision, the way GitBook's Git Sync lays content
// out: the page at path `guide/install` is the markdown file `guide/install.md` (a page with
// children may also be `guide/install/README.md`), files live in `.gitbook/assets/<name>`, and a
// body links to either with a path relative to its own file.

export const ASSETS_DIR = '.gitbook/assets';
const BASE = 'http://revision.invalid/';

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
    return `${this.paths.get(pageId) ?? pageId}.md`;
  }

  page(id: string): StoredPage | undefined {
    return this.pageById.get(id);
  }

  /** A target written in the body of page `fromPageId` (null: a target outside any page). */
  resolve(target: string, fromPageId: string | null): ResolvedTarget {
    const trimmed = target.trim();
    if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return { kind: 'url', url: trimmed };
    if (trimmed.startsWith('#')) return { kind: 'anchor', anchor: trimmed.slice(1), ...(fromPageId ? { page: fromPageId } : {}) };
    let url: URL;
    try {
      url = new URL(trimmed, BASE + (fromPageId ? encodeURI(this.fileOf(fromPageId)) : ''));
    } catch {
      return { kind: 'broken', target };
    }
    const path = safeDecode(url.pathname.slice(1));
    if (path.startsWith(`${ASSETS_DIR}/`)) {
      const file = this.fileByName.get(path.slice(ASSETS_DIR.length + 1));
      return file ? { kind: 'file', file: file.id } : { kind: 'broken', target };
    }
    const pagePath = path
      .replace(/\/$/, '')
      .replace(/(^|\/)(README|index)\.md$/i, '')
      .replace(/\.md$/i, '');
    const page = this.pageByPath.get(pagePath);
    if (!page) return { kind: 'broken', target };
    const anchor = url.hash.slice(1);
    return anchor ? { kind: 'anchor', page: page.id, anchor: safeDecode(anchor) } : { kind: 'page', page: page.id };
  }

  /** The target to write in the body of `fromPageId` for a link to a page or a file. */
  relativeTarget(fromPageId: string, to: { page: string; anchor?: string } | { fileName: string }): string {
    const fromDir = this.fileOf(fromPageId).split('/').slice(0, -1);
    const toPath = 'page' in to ? this.fileOf(to.page) : `${ASSETS_DIR}/${to.fileName}`;
    let common = 0;
    const parts = toPath.split('/');
    while (common < fromDir.length && common < parts.length - 1 && fromDir[common] === parts[common]) common++;
    const relative = [...fromDir.slice(common).map(() => '..'), ...parts.slice(common)].join('/');
    return encodeURI(relative) + ('page' in to && to.anchor ? `#${to.anchor}` : '');
  }
}
