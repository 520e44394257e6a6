import { movePage } from '../page-edits';
import { subtreeIds, type StoredPage } from '../../../revisions';
import { ChangeChecks } from './change-checks';
import type { ChangeOf } from './change-types';
import type { ContentBatch } from './content-batch';
import { optionalFields, readDocument, type ReadDocument } from './page-document';

/**
 * `update_page`: a page's fields, its body (a new document, whose title wins over `title`, as on
 * insert) and, with `into`/`at`, its place. A new title keeps the slug (the URL); `slug` changes it.
 */
export function updatePage(batch: ContentBatch, change: ChangeOf<'update_page'>, index: number): void {
  const check = new ChangeChecks(batch, index);
  const page = check.pageOf(change.page, 'page');
  const moves = change.into !== undefined || change.at !== undefined;
  const parentId = change.into === undefined ? page.parentId : change.into;
  if (moves) check.parent(parentId, subtreeIds(batch.tree.pages, page.id), 'into');
  if (moves) check.groupAtTop(page.kind, parentId, 'into');
  if (change.slug !== undefined) check.slug(change.slug, parentId, page.id, 'slug');
  const updated: StoredPage = { ...page, updatedAt: batch.now };
  const document: ReadDocument | undefined =
    change.body !== undefined ? { body: change.body } : change.document === undefined ? undefined : readDocument(change.document);
  const title = (document?.title ?? change.title)?.trim();
  if (title) updated.title = title;
  if (document) batch.sendBody(updated, document.body);
  Object.assign(updated, optionalFields(change, document?.description));
  if (change.href !== undefined) updated.target = { kind: 'url', url: change.href };
  if (change.slug !== undefined) updated.slug = change.slug;
  batch.replacePage(updated);
  if (moves) batch.tree = movePage(batch.tree, page.id, batch.placeAt(page.id, parentId, change.at), batch.ctx.now).tree;
  batch.touch({ kind: 'updated', pageId: page.id });
}
