import { childrenByParent, type Caller, type ContentDeps, type StoredPage } from '../../revisions';
import { readContentRevision } from './read-content-revision';

/** A page of a published revision as the reader lays out its site (ContentPublished.GetPublishedPages). */
export interface PublishedPageEntry {
  id: string;
  title: string;
  path: string;
  kind: string;
  hidden: boolean;
  parentId: string;
  order: number;
  description: string;
  updatedAt: string;
  linkUrl: string;
}

/**
 * The page tree of a space's revision (its current one when `revisionId` is empty), read as the
 * caller (a site reader: only the spaces its token lists): parents before children, siblings in
 * their stored order.
 */
export async function readPublishedPages(
  deps: ContentDeps,
  caller: Caller,
  input: { spaceId: string; revisionId: string },
): Promise<{ revisionId: string; createdAt: string; pages: PublishedPageEntry[]; files: Array<{ id: string; name: string; contentType: string }> }> {
  const { loaded } = await readContentRevision(deps, caller, { spaceId: input.spaceId, revisionId: input.revisionId || undefined });
  const { revision, index } = loaded;
  const children = childrenByParent(revision.tree.pages);
  const pages: PublishedPageEntry[] = [];
  // Depth-first without recursion (a deep tree must not exhaust the stack).
  const stack = (children.get(null) ?? []).map((page, order) => ({ page, order })).reverse();
  for (let next = stack.pop(); next; next = stack.pop()) {
    pages.push(entryOf(next.page, index.paths.get(next.page.id) ?? '', next.order));
    const below = children.get(next.page.id) ?? [];
    for (let i = below.length - 1; i >= 0; i--) stack.push({ page: below[i] as StoredPage, order: i });
  }
  const files = revision.tree.files.map((f) => ({ id: f.id, name: f.name, contentType: f.contentType }));
  return { revisionId: revision.id, createdAt: revision.createdAt.toISOString(), pages, files };
}

function entryOf(page: StoredPage, path: string, order: number): PublishedPageEntry {
  const target = page.target as { kind?: unknown; url?: unknown } | undefined;
  return {
    id: page.id,
    title: page.title,
    path,
    kind: page.kind,
    hidden: page.hidden === true,
    parentId: page.parentId ?? '',
    order,
    description: page.description ?? '',
    updatedAt: page.updatedAt ?? '',
    linkUrl: target?.kind === 'url' && typeof target.url === 'string' ? target.url : '',
  };
}
