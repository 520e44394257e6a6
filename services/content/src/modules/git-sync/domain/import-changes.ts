import { emojiCharacters, type GitLayoutContent, type GitLayoutPage } from '@quire/formats';
import { bodyHash, childrenByParent, subtreeIds, type RevisionTree, type StoredPage } from '../../revisions';
import { isPageIcon, type BatchFile, type ContentChange } from '../../change-requests';
import { blobKey } from '@quire/platform/blobs';

// A repository's layout (packages/formats/src/git) as a batch of changes against a space's tree, so
// that a Git Sync import goes through the one batch engine (content-changes.ts): same atomicity,
// link resolution and rules as an API batch. Pages keep their ids across imports: a page of the
// repository is the page of the tree at the same place (parent and slug; a group by its slug at the
// top level), so an import that changes one file of 1,000 updates one page and writes one body.
// A document the repository moved or renamed without changing its text (what `git mv` makes) keeps
// its id too, as Git's own rename detection would: its published address moves with it and the
// sites service leaves a redirect from the old one (docs/sites.md, Automatic redirects).

export interface ImportPlan {
  changes: ContentChange[];
  /** The page id each layout page got (matched or new), for the revision's `git` blobs. */
  pageIds: Map<GitLayoutPage, string>;
  /** Front matter `icon:` values that are no icon name (the API's rule): left out, for a warning. */
  droppedIcons: Array<{ file?: string; icon: string }>;
}

/** The key of a place in the tree: the parent's key and the slug (groups apart, since their slugs are not in paths). */
const placeKey = (parentKey: string, kind: string, slug: string) => `${parentKey}/${kind === 'group' ? 'group:' : ''}${slug}`;

export function importChanges(tree: RevisionTree, layout: GitLayoutContent, newId: () => string): ImportPlan {
  const existing = existingByPlace(tree);
  const renames = renameCandidates(tree, existing, layout.pages);
  const matched = new Set<string>();
  const pageIds = new Map<GitLayoutPage, string>();
  const upserts: ContentChange[] = [];
  const droppedIcons: ImportPlan['droppedIcons'] = [];
  const children = childrenByParent(tree.pages);

  const walk = (pages: GitLayoutPage[], parentId: string | null, parentKey: string) => {
    // Matched pages keep their place unless the repository reorders or moves them.
    const keptOrder = (children.get(parentId) ?? []).filter((p) => pages.some((l) => existing.get(placeKey(parentKey, l.kind, l.slug))?.id === p.id));
    const wantedOrder = pages.map((l) => existing.get(placeKey(parentKey, l.kind, l.slug))).filter((p): p is StoredPage => !!p && p.parentId === parentId);
    const reordered = keptOrder.length !== wantedOrder.length || keptOrder.some((p, i) => p.id !== wantedOrder[i]?.id);

    pages.forEach((page, at) => {
      const key = placeKey(parentKey, page.kind, page.slug);
      const atPlace = existing.get(key);
      const renamed = atPlace && atPlace.kind === page.kind ? undefined : takeRename(renames, page, matched);
      const current = renamed ?? atPlace;
      const icon = iconOf(page, droppedIcons);
      const fields = pageFields(page, icon);
      if (current && current.kind === page.kind && !matched.has(current.id)) {
        matched.add(current.id);
        pageIds.set(page, current.id);
        const moves = renamed !== undefined || current.parentId !== parentId || reordered;
        const update = changedFields(current, page, icon);
        if (moves || update) upserts.push({ operation: 'update_page', page: current.id, ...(update ?? {}), ...(moves ? { into: parentId, at } : {}) });
      } else {
        const id = newId();
        pageIds.set(page, id);
        upserts.push({ operation: 'insert_page', document: '', id, ...(parentId ? { into: parentId } : {}), at, ...fields });
      }
      walk(page.children, pageIds.get(page)!, page.kind === 'group' ? parentKey : key);
    });
  };
  walk(layout.pages, null, '');

  // Pages the repository no longer has: those with no kept page below them go first (their slugs
  // are free for new pages), the others once the kept pages below them have moved out.
  const gone = tree.pages.filter((p) => !matched.has(p.id) && (p.parentId === null || matched.has(p.parentId) || !tree.pages.some((q) => q.id === p.parentId)));
  const holdsKept = (page: StoredPage) => [...subtreeIds(tree.pages, page.id)].some((id) => matched.has(id));
  const deletes = (pages: StoredPage[]): ContentChange[] => pages.map((p) => ({ operation: 'delete_page', page: p.id }));

  return {
    changes: [...deletes(gone.filter((p) => !holdsKept(p))), ...fileChanges(tree, layout), ...upserts, ...deletes(gone.filter(holdsKept))],
    pageIds,
    droppedIcons,
  };
}

/**
 * The icon an import gives a page: the file's valid `icon:` name; '' (none) when the file names no
 * icon and no emoji; undefined (the page keeps its own) when an emoji took the one `icon:` key (the
 * export writes an emoji over an icon) or the name is invalid, which is dropped, never failing the import.
 */
function iconOf(page: GitLayoutPage, dropped: ImportPlan['droppedIcons']): string | undefined {
  if (page.icon !== undefined) {
    if (isPageIcon(page.icon)) return page.icon;
    dropped.push({ ...(page.file ? { file: page.file } : {}), icon: page.icon.slice(0, 100) });
    return undefined;
  }
  return page.emoji ? undefined : '';
}

/**
 * Documents no repository page claims at their place, by body hash: where a page the repository
 * added may come from. A hash two such documents share is left out (which one moved is unknowable).
 */
function renameCandidates(tree: RevisionTree, existing: Map<string, StoredPage>, pages: GitLayoutPage[]): Map<string, StoredPage> {
  const claimed = new Set<string>();
  const walk = (list: GitLayoutPage[], parentKey: string) => {
    for (const page of list) {
      const key = placeKey(parentKey, page.kind, page.slug);
      const found = existing.get(key);
      if (found && found.kind === page.kind) claimed.add(found.id);
      walk(page.children, page.kind === 'group' ? parentKey : key);
    }
  };
  walk(pages, '');
  const byBody = new Map<string, StoredPage | null>();
  for (const page of tree.pages) {
    if (page.kind !== 'document' || !page.body || claimed.has(page.id)) continue;
    byBody.set(page.body, byBody.has(page.body) ? null : page);
  }
  return new Map([...byBody].filter((entry): entry is [string, StoredPage] => entry[1] !== null));
}

/** The stored document a repository page with no page at its place was moved from, if its text says so. */
function takeRename(renames: Map<string, StoredPage>, page: GitLayoutPage, matched: Set<string>): StoredPage | undefined {
  const markdown = page.kind === 'document' ? (page.markdown ?? '') : '';
  if (markdown.trim() === '') return undefined;
  const found = renames.get(bodyHash(markdown));
  if (!found || matched.has(found.id)) return undefined;
  renames.delete(bodyHash(markdown));
  return found;
}

/** Pages by place key (first one wins when a tree holds two at one place). */
function existingByPlace(tree: RevisionTree): Map<string, StoredPage> {
  const byPlace = new Map<string, StoredPage>();
  const children = childrenByParent(tree.pages);
  const walk = (parentId: string | null, parentKey: string) => {
    for (const page of children.get(parentId) ?? []) {
      const key = placeKey(parentKey, page.kind, page.slug);
      if (!byPlace.has(key)) byPlace.set(key, page);
      walk(page.id, page.kind === 'group' ? parentKey : key);
    }
  };
  walk(null, '');
  return byPlace;
}

function pageFields(page: GitLayoutPage, icon: string | undefined) {
  return {
    kind: page.kind,
    title: page.title,
    slug: page.slug,
    ...(page.kind === 'document' ? { body: page.markdown ?? '' } : {}),
    ...(page.href !== undefined ? { href: page.href } : {}),
    ...(page.description !== undefined ? { description: page.description } : {}),
    ...(page.emoji !== undefined ? { emoji: page.emoji } : {}),
    ...(icon ? { icon } : {}),
    ...(page.hidden ? { hidden: true } : {}),
    ...(page.layout ? { layout: page.layout } : {}),
  };
}

/** What differs between a stored page and the repository's, as update_page fields; null when nothing does. */
function changedFields(current: StoredPage, page: GitLayoutPage, icon: string | undefined) {
  const out: {
    title?: string;
    slug?: string;
    body?: string;
    description?: string;
    emoji?: string;
    icon?: string;
    hidden?: boolean;
    layout?: StoredPage['layout'];
    href?: string;
  } = {};
  if (current.title !== page.title) out.title = page.title;
  // Only a renamed document changes its slug (a page matched at its place has the same one).
  if (page.kind === 'document' && current.slug !== page.slug) out.slug = page.slug;
  if (page.kind === 'document') {
    const markdown = page.markdown ?? '';
    const hash = markdown.trim() === '' ? undefined : bodyHash(markdown);
    if (current.body !== hash) out.body = markdown;
  }
  if ((current.description ?? '') !== (page.description ?? '')) out.description = page.description ?? '';
  // The repository holds an emoji as its characters; the space may hold its code points (`1f680`).
  if (emojiCharacters(current.emoji ?? '') !== (page.emoji ?? '')) out.emoji = page.emoji ?? '';
  if (icon !== undefined && (current.icon ?? '') !== icon) out.icon = icon;
  if ((current.hidden ?? false) !== (page.hidden ?? false)) out.hidden = page.hidden ?? false;
  if (JSON.stringify(current.layout ?? {}) !== JSON.stringify(page.layout ?? {})) out.layout = (page.layout ?? {}) as StoredPage['layout'];
  if (page.href !== undefined && (current.target?.kind !== 'url' || current.target.url !== page.href)) out.href = page.href;
  return Object.keys(out).length ? out : null;
}

/** New and changed files (by name) are inserted, changed and removed ones deleted first. */
function fileChanges(tree: RevisionTree, layout: GitLayoutContent): ContentChange[] {
  const wanted = new Map(layout.files.map((f) => [f.name, f]));
  const changes: ContentChange[] = [];
  const inserts: BatchFile[] = [];
  for (const file of tree.files) {
    const next = wanted.get(file.name);
    if (!next || blobKey(next.bytes) !== file.blob) changes.push({ operation: 'delete_file', file: file.id });
  }
  const kept = new Map(tree.files.map((f) => [f.name, f.blob]));
  for (const file of layout.files) {
    if (kept.get(file.name) !== blobKey(file.bytes)) inserts.push({ name: file.name, contentType: file.contentType, bytes: file.bytes });
  }
  if (inserts.length) changes.push({ operation: 'insert_files', files: inserts });
  return changes;
}
