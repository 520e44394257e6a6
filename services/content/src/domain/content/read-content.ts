import { notFound, type SqlExecutor } from '@quire/common';
import { markdownToDocument } from '../document/markdown-to-document';
import type { ContentRef } from '../document/document-nodes';
import { findBodies, findRevision, type RevisionRow } from '../../store/revision-content.store';
import { RevisionIndex } from './content-refs';
import type { StoredPage } from './revision-tree';

export interface LoadedRevision {
  revision: RevisionRow;
  index: RevisionIndex;
}

export async function loadRevision(db: SqlExecutor, spaceId: string, revisionId: string): Promise<LoadedRevision> {
  const revision = await findRevision(db, spaceId, revisionId);
  if (!revision) throw notFound(`Revision ${revisionId} not found`);
  return { revision, index: new RevisionIndex(revision.tree) };
}

export function pageIn(loaded: LoadedRevision, pageId: string): StoredPage {
  const page = loaded.index.page(pageId);
  if (!page) throw notFound(`Page ${pageId} not found`);
  return page;
}

export type BodyFormat = 'markdown' | 'document';

/** A document page's body in the format asked for; links and images resolved against its revision. */
export async function readPageBody(db: SqlExecutor, loaded: LoadedRevision, page: StoredPage, format: BodyFormat) {
  const markdown = page.body ? ((await findBodies(db, [page.body])).get(page.body) ?? '') : '';
  if (format === 'markdown') return { markdown };
  const resolveRef = (target: string): ContentRef => {
    const resolved = loaded.index.resolve(target, page.id);
    return resolved.kind === 'broken' ? { kind: 'url', url: target } : resolved;
  };
  return { document: markdownToDocument(markdown, { resolveRef }) };
}
