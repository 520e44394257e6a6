import { signUrlPath, type UrlBuilder } from '@quire/common';
import type { RevisionIndex } from '../domain/content/content-refs';
import { childrenByParent, DEFAULT_LAYOUT, type StoredFile, type StoredPage } from '../domain/content/revision-tree';
import type { JSONDocument } from '../domain/document/document-nodes';
import type { RevisionRow } from '../store/revision-content.store';

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
export type PageBody = { markdown: string } | { document: JSONDocument };

const fileDownloadPath = (revisionId: string, fileId: string) => `/v1/file-downloads/${revisionId}/${fileId}`;

export function presentFile(file: StoredFile, revisionId: string, c: ContentUrls) {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: c.urls.app(signUrlPath(fileDownloadPath(revisionId, file.id), c.internalSecret, c.downloadTtlSeconds)),
    size: file.size,
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
  };
}

/**
 * One page. A document page in a tree carries `documentId` (its body's hash; read the body with
 * GET …/content/page/{pageId}) and an empty `markdown`: the reference's `Document` union makes a
 * body property mandatory on every document page, and sending every body in every tree would
 * make listing a 1,000-page space cost megabytes (docs/content.md, Reading pages).
 */
export function presentPage(page: StoredPage, index: RevisionIndex, space: SpaceRef, c: ContentUrls, body?: PageBody, children: unknown[] = []) {
  const base = {
    id: page.id,
    title: page.title,
    ...(page.emoji ? { emoji: page.emoji } : {}),
    ...(page.createdAt ? { createdAt: page.createdAt } : {}),
    ...(page.updatedAt ? { updatedAt: page.updatedAt } : {}),
  };
  const path = index.paths.get(page.id) ?? page.slug;
  if (page.kind === 'link') {
    return { ...base, kind: 'link', type: 'link', target: page.target ?? { kind: 'url', url: '' }, ...(page.hidden ? { hidden: true } : {}) };
  }
  if (page.kind === 'group') {
    return { ...base, kind: 'group', type: 'group', slug: page.slug, path, ...(page.hidden ? { hidden: true } : {}), pages: children };
  }
  return {
    ...base,
    kind: 'sheet',
    type: 'document',
    urls: { app: c.urls.app(`/o/${space.organizationId}/s/${space.id}/${path}`) },
    slug: page.slug,
    path,
    ...(page.description ? { description: page.description } : {}),
    layout: { ...DEFAULT_LAYOUT, ...page.layout },
    ...(page.hidden ? { hidden: true } : {}),
    ...(page.body ? { documentId: page.body } : {}),
    ...(body ?? { markdown: '' }),
    pages: children,
  };
}

/** The page tree (nested `pages`) under `rootId` (the whole tree by default), without bodies. */
export function presentPageTree(index: RevisionIndex, space: SpaceRef, c: ContentUrls, rootId: string | null = null): unknown[] {
  const children = childrenByParent(index.tree.pages);
  const build = (parentId: string | null): unknown[] =>
    (children.get(parentId) ?? []).map((page) => presentPage(page, index, space, c, undefined, build(page.id)));
  return build(rootId);
}

export function presentRevision(revision: RevisionRow, index: RevisionIndex, space: SpaceRef, c: ContentUrls) {
  return {
    object: 'revision',
    id: revision.id,
    type: revision.type,
    parents: revision.parents,
    pages: presentPageTree(index, space, c),
    files: revision.tree.files.map((f) => presentFile(f, revision.id, c)),
    reusableContents: [],
    createdAt: revision.createdAt.toISOString(),
    urls: { app: c.urls.app(`/o/${space.organizationId}/s/${space.id}/~/revisions/${revision.id}`) },
  };
}
