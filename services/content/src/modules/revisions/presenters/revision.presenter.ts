import { signUrlPath, type RawJson } from '@quire/platform/http';
import type { UrlBuilder } from '@quire/urls';
import type { JSONDocument } from '@quire/formats';
import type { RevisionIndex } from '../domain/content-refs';
import { childrenByParent, DEFAULT_LAYOUT, type StoredFile, type StoredPage } from '../model/revision-tree';
import type { GitCommitRecord, Revision } from '../model/revision';

// Revisions, pages and files as the reference shapes them (RevisionTypeEdits…, RevisionPageDocument,
// RevisionPageGroup, RevisionPageLink, RevisionFile).

export interface ContentUrls {
  urls: UrlBuilder;
  internalSecret: string;
  downloadTtlSeconds: number;
}

export interface SpaceRef {
  id: string;
  organizationId: string;
}

/** A page body as one read asks for it; trees carry none (see presentPage). */
export type PageBody = { markdown: string } | { document: JSONDocument | RawJson };

/** Shared by every page and revision: nothing may push to it. */
const NO_TAGS: readonly never[] = Object.freeze([]);

const fileDownloadPath = (revisionId: string, fileId: string) => `/v1/file-downloads/${revisionId}/${fileId}`;

export function presentFile(file: StoredFile, revisionId: string, c: ContentUrls, git?: { oid: string; path: string }) {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: c.urls.app(signUrlPath(fileDownloadPath(revisionId, file.id), c.internalSecret, c.downloadTtlSeconds)),
    size: file.size,
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
    ...(git ? { git } : {}),
  };
}

/**
 * One page. A document page in a tree carries `documentId` (its body's hash; read the body with
 * GET …/content/page/{pageId}) and an empty `markdown`: the reference's `Document` union makes a
 * body property mandatory on every document page, and sending every body in every tree would
 * make listing a 1,000-page space cost megabytes (docs/content.md, Reading pages).
 */
export function presentPage(page: StoredPage, index: RevisionIndex, space: SpaceRef, c: ContentUrls, body?: PageBody, children: unknown[] = []) {
  // Built by assignment, not by conditional spreads: a 1,000-page tree is presented on every
  // listing, and spreads of varying shapes cost twenty times more here.
  const out: Record<string, unknown> = { id: page.id, title: page.title };
  if (page.emoji) out.emoji = page.emoji;
  if (page.icon) out.icon = page.icon;
  const git = index.gitBlobs?.[page.id];
  if (git) out.git = git;
  if (page.createdAt) out.createdAt = page.createdAt;
  if (page.updatedAt) out.updatedAt = page.updatedAt;
  if (page.kind === 'link') {
    out.kind = 'link';
    out.type = 'link';
    out.target = page.target ?? { kind: 'url', url: '' };
    if (page.hidden) out.hidden = true;
    return out;
  }
  const path = index.paths.get(page.id) ?? page.slug;
  if (page.kind === 'group') {
    out.kind = 'group';
    out.type = 'group';
    out.slug = page.slug;
    out.path = path;
    if (page.hidden) out.hidden = true;
    out.pages = children;
    return out;
  }
  out.kind = 'sheet';
  out.type = 'document';
  out.urls = { app: c.urls.app(`/o/${space.organizationId}/s/${space.id}/${path}`) };
  out.slug = page.slug;
  out.path = path;
  if (page.description) out.description = page.description;
  out.layout = page.layout ? { ...DEFAULT_LAYOUT, ...page.layout } : DEFAULT_LAYOUT;
  if (page.hidden) out.hidden = true;
  // Quire has no page tags; today's client (0.202.0) requires the list.
  out.tags = NO_TAGS;
  if (page.body) out.documentId = page.body;
  if (body && 'document' in body) out.document = body.document;
  else out.markdown = body?.markdown ?? '';
  out.pages = children;
  return out;
}

/** The page tree (nested `pages`) under `rootId` (the whole tree by default), without bodies. */
export function presentPageTree(index: RevisionIndex, space: SpaceRef, c: ContentUrls, rootId: string | null = null): unknown[] {
  const children = childrenByParent(index.tree.pages);
  const build = (parentId: string | null): unknown[] =>
    (children.get(parentId) ?? []).map((page) => presentPage(page, index, space, c, undefined, build(page.id)));
  return build(rootId);
}

/** Reference schema: GitSyncCommit (`createdByGitBook`: Quire's own export). */
function presentGitCommit(commit: GitCommitRecord) {
  return { oid: commit.oid, message: commit.message, createdByGitBook: commit.createdByQuire, ref: commit.ref, ...(commit.url ? { url: commit.url } : {}) };
}

/** Reference schema: Revision; a merge revision embeds the change request it merged (`mergedFrom`). */
export function presentRevision(revision: Revision, index: RevisionIndex, space: SpaceRef, c: ContentUrls, mergedFrom?: object) {
  return {
    object: 'revision',
    id: revision.id,
    type: revision.type,
    ...(mergedFrom ? { mergedFrom } : {}),
    parents: revision.parents,
    pages: presentPageTree(index, space, c),
    files: revision.tree.files.map((f) => presentFile(f, revision.id, c, revision.gitBlobs?.[f.id])),
    ...(revision.gitCommit ? { git: presentGitCommit(revision.gitCommit) } : {}),
    reusableContents: [],
    // Quire has no tags to offer; today's client (0.202.0) requires the list.
    tags: NO_TAGS,
    createdAt: revision.createdAt.toISOString(),
    urls: { app: c.urls.app(`/o/${space.organizationId}/s/${space.id}/~/revisions/${revision.id}`) },
  };
}
