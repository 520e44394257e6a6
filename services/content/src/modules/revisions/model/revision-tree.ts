import type { ContentRef } from '@quire/formats';

// A revision's content as stored: one immutable manifest per revision (the page tree and the file
// list), with page bodies and file bytes kept apart and shared by content hash. A revision that
// changes one page of 1,000 writes its manifest row and one body row (docs/content.md, Model).

export type PageKind = 'document' | 'group' | 'link';

/** Reference RevisionPageLayoutOptions; `coverMask`, `tags`, `actions` and `anchors` are today's client's (0.202.0). */
export interface PageLayout {
  width: 'default' | 'wide';
  cover: boolean;
  coverSize: 'hero' | 'full';
  coverMask: 'none' | 'radial';
  title: boolean;
  description: boolean;
  tableOfContents: boolean;
  outline: boolean;
  pagination: boolean;
  metadata: boolean;
  tags: boolean;
  actions: boolean;
  anchors: boolean;
}

/** Everything shown, the cover unmasked: a page as GitBook lays it out until someone changes it. */
export const DEFAULT_LAYOUT: PageLayout = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
};

export interface StoredPage {
  id: string;
  /** Null at the top level; groups live only there. */
  parentId: string | null;
  kind: PageKind;
  title: string;
  /** Unique among its siblings; the page's path is its ancestors' slugs and its own. */
  slug: string;
  emoji?: string;
  /** The reference's RevisionPage `icon`: a Font Awesome icon name. */
  icon?: string;
  description?: string;
  hidden?: boolean;
  layout?: Partial<PageLayout>;
  /** Document pages: the SHA-256 of the markdown body (page_bodies). Absent: an empty page. */
  body?: string;
  /** Link pages. */
  target?: ContentRef;
  createdAt?: string;
  updatedAt?: string;
}

export interface StoredFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** The blob's key (SHA-256 of the bytes). */
  blob: string;
  dimensions?: { width: number; height: number };
}

/** Siblings are ordered by their order in `pages`, parents before children. */
export interface RevisionTree {
  pages: StoredPage[];
  files: StoredFile[];
}

export const EMPTY_TREE: RevisionTree = { pages: [], files: [] };

/** Pages by parent id (`null` for the top level), in sibling order. */
export function childrenByParent(pages: readonly StoredPage[]): Map<string | null, StoredPage[]> {
  const children = new Map<string | null, StoredPage[]>();
  for (const page of pages) {
    const siblings = children.get(page.parentId) ?? [];
    siblings.push(page);
    children.set(page.parentId, siblings);
  }
  return children;
}

/** Each page's path (`guide/install`): its ancestors' slugs and its own, joined by `/`. */
export function pagePaths(pages: readonly StoredPage[]): Map<string, string> {
  const byId = new Map(pages.map((p) => [p.id, p]));
  const paths = new Map<string, string>();
  const pathOf = (page: StoredPage, depth = 0): string => {
    const known = paths.get(page.id);
    if (known !== undefined) return known;
    const parent = page.parentId ? byId.get(page.parentId) : undefined;
    // A group's slug is not part of its children's paths (GitBook's groups are sections, not folders).
    const prefix = parent && depth < 100 ? (parent.kind === 'group' ? '' : pathOf(parent, depth + 1)) : '';
    const path = prefix ? `${prefix}/${page.slug}` : page.slug;
    paths.set(page.id, path);
    return path;
  };
  for (const page of pages) pathOf(page);
  return paths;
}

/** Each page's ancestors (groups included), from the top level down to its parent. */
export function pageAncestors(pages: readonly StoredPage[]): Map<string, StoredPage[]> {
  const byId = new Map(pages.map((p) => [p.id, p]));
  const ancestors = new Map<string, StoredPage[]>();
  const ancestorsOf = (page: StoredPage, depth = 0): StoredPage[] => {
    const known = ancestors.get(page.id);
    if (known !== undefined) return known;
    const parent = page.parentId ? byId.get(page.parentId) : undefined;
    const found = parent && depth < 100 ? [...ancestorsOf(parent, depth + 1), parent] : [];
    ancestors.set(page.id, found);
    return found;
  };
  for (const page of pages) ancestorsOf(page);
  return ancestors;
}

/** A page and all its descendants' ids. */
export function subtreeIds(pages: readonly StoredPage[], rootId: string): Set<string> {
  const children = childrenByParent(pages);
  const ids = new Set<string>();
  const walk = (id: string) => {
    ids.add(id);
    for (const child of children.get(id) ?? []) walk(child.id);
  };
  walk(rootId);
  return ids;
}
