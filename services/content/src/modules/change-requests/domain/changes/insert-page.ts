import { slugify, uniqueSlug } from '@quire/formats';
import { movePage } from '../page-edits';
import type { StoredPage } from '../../../revisions';
import { ChangeChecks } from './change-checks';
import type { ChangeOf } from './change-types';
import type { ContentBatch } from './content-batch';
import { optionalFields, readDocument, type ReadDocument } from './page-document';

const DEFAULT_TITLE = 'Untitled';

/**
 * `insert_page`: a new page under `into` (or at the top level), at index `at` (or last), titled by
 * the document's front matter, then its leading heading, then `title`; its slug made unique among
 * its siblings unless given. Its body is sent (links resolve at the end); `ref` names it for them.
 */
export function insertPage(batch: ContentBatch, change: ChangeOf<'insert_page'>, index: number): void {
  const check = new ChangeChecks(batch, index);
  if (change.ref !== undefined) check.ref(change.ref, 'ref');
  const parentId = change.into ?? null;
  check.parent(parentId, new Set(), 'into');
  const document: ReadDocument = change.body !== undefined ? { body: change.body } : readDocument(change.document);
  const title = (document.title ?? change.title ?? '').trim() || DEFAULT_TITLE;
  const taken = new Set(batch.childrenOf(parentId).map((p) => p.slug));
  if (change.slug !== undefined) check.slug(change.slug, parentId, null, 'slug');
  const kind = change.kind ?? 'document';
  check.groupAtTop(kind, parentId, 'into');
  const page: StoredPage = {
    id: change.id ?? batch.ctx.newId(),
    parentId,
    kind,
    title,
    slug: change.slug ?? uniqueSlug(slugify(title), taken),
    ...optionalFields(change, document.description),
    ...(change.href !== undefined ? { target: { kind: 'url' as const, url: change.href } } : {}),
    createdAt: batch.now,
    updatedAt: batch.now,
  };
  if (kind === 'document') batch.sendBody(page, document.body);
  // Appended, then placed: movePage keeps tree order (parents before children).
  batch.tree = { pages: [...batch.tree.pages, page], files: batch.tree.files };
  batch.tree = movePage(batch.tree, page.id, batch.placeAt(page.id, parentId, change.at), batch.ctx.now).tree;
  if (change.ref !== undefined) batch.refs.set(change.ref, { page: page.id });
  batch.touch({ kind: 'created', pageId: page.id, ...(change.ref !== undefined ? { ref: change.ref } : {}) });
}
