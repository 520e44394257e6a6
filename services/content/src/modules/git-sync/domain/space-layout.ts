import type { GitLayoutContent, GitLayoutPage } from '@quire/formats';
import { assetFile } from '@quire/formats';
import { childrenByParent, type RevisionTree } from '../../revisions';

// A revision as the repository layout an export writes (packages/formats/src/git): its page tree with
// every body, and every file's bytes. Bodies are stored with links relative to the page's file in
// Quire's layout (`guide/install.md`); writeGitLayout rebases those it writes elsewhere (README.md).

export interface SpaceLayout {
  content: GitLayoutContent;
  /** The file id of each asset path, for the revision's `git` blobs. */
  fileIds: Map<string, string>;
  /** The page id of each layout page, for the same. */
  pageIds: Map<GitLayoutPage, string>;
}

/** A revision's tree as the layout, from its bodies by hash and its files' bytes by blob key. */
export function layoutOfTree(tree: RevisionTree, bodies: ReadonlyMap<string, string>, bytes: ReadonlyMap<string, Buffer>): SpaceLayout {
  const children = childrenByParent(tree.pages);
  const pageIds = new Map<GitLayoutPage, string>();
  const build = (parentId: string | null): GitLayoutPage[] =>
    (children.get(parentId) ?? []).flatMap((page): GitLayoutPage[] => {
      // A link page to a page or file of the space has no place in SUMMARY.md's URL entries: skipped (docs/content.md).
      if (page.kind === 'link' && page.target?.kind !== 'url') return [];
      const out: GitLayoutPage = {
        kind: page.kind,
        title: page.title,
        slug: page.slug,
        ...(page.kind === 'document' ? { markdown: page.body ? (bodies.get(page.body) ?? '') : '' } : {}),
        ...(page.kind === 'link' && page.target?.kind === 'url' ? { href: page.target.url } : {}),
        ...(page.description ? { description: page.description } : {}),
        ...(page.emoji ? { emoji: page.emoji } : {}),
        ...(page.icon ? { icon: page.icon } : {}),
        ...(page.hidden ? { hidden: true as const } : {}),
        ...(page.layout && Object.keys(page.layout).length ? { layout: page.layout } : {}),
        children: build(page.id),
      };
      pageIds.set(out, page.id);
      return [out];
    });
  const pages = build(null);

  const fileIds = new Map<string, string>();
  const files = tree.files.map((file) => {
    const path = assetFile(file.name);
    fileIds.set(path, file.id);
    return { path, name: file.name, contentType: file.contentType, bytes: bytes.get(file.blob) ?? Buffer.alloc(0) };
  });
  return { content: { pages, files, redirects: {} }, fileIds, pageIds };
}
