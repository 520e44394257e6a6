import type { content as contentProto } from '@quire/proto';
import { childrenByParent, type Caller, type ContentDeps, type StoredPage } from '../../revisions';
import { readSpaceGitSync } from '../../git-sync';
import { gitBlobBase, gitFilesOf } from '../domain/git-edit-files';
import { readContentRevision } from './read-content-revision';

/**
 * The page tree of a space's revision (its current one when `revisionId` is empty), read as the
 * caller (a site reader: only the spaces its token lists): parents before children, siblings in
 * their stored order.
 */
export async function readPublishedPages(
  deps: ContentDeps,
  caller: Caller,
  input: { spaceId: string; revisionId: string },
): Promise<contentProto.GetPublishedPagesResponse> {
  const { space, loaded } = await readContentRevision(deps, caller, { spaceId: input.spaceId, revisionId: input.revisionId || undefined });
  const { revision, index } = loaded;
  const children = childrenByParent(revision.tree.pages);
  const sync = await readSpaceGitSync(deps.db, space.id);
  const gitBlobUrl = gitBlobBase(sync);
  const gitFiles = sync && gitBlobUrl ? gitFilesOf(children, sync, revision.gitBlobs) : new Map<string, string>();
  const pages: contentProto.PublishedPage[] = [];
  // Depth-first without recursion (a deep tree must not exhaust the stack).
  const stack = (children.get(null) ?? []).map((page, order) => ({ page, order })).reverse();
  for (let next = stack.pop(); next; next = stack.pop()) {
    pages.push(entryOf(next.page, index.paths.get(next.page.id) ?? '', next.order, gitFiles.get(next.page.id) ?? ''));
    const below = children.get(next.page.id) ?? [];
    for (let i = below.length - 1; i >= 0; i--) stack.push({ page: below[i] as StoredPage, order: i });
  }
  const files = revision.tree.files.map((f) => ({ id: f.id, name: f.name, contentType: f.contentType, blob: f.blob }));
  return { revisionId: revision.id, createdAt: revision.createdAt.toISOString(), pages, files, gitBlobUrl };
}

/** A page of a published revision as the reader lays out its site. */
function entryOf(page: StoredPage, path: string, order: number, gitFile: string): contentProto.PublishedPage {
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
    emoji: page.emoji ?? '',
    icon: page.icon ?? '',
    gitFile,
  };
}
