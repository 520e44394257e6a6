import { deletePageFromTree } from '../page-edits';
import { ChangeChecks } from './change-checks';
import type { ChangeOf } from './change-types';
import type { ContentBatch } from './content-batch';

/** `delete_page`: a page of the change request, with its subpages. */
export function deletePage(batch: ContentBatch, change: ChangeOf<'delete_page'>, index: number): void {
  new ChangeChecks(batch, index).pageOf(change.page, 'page');
  removePage(batch, change.page);
}

/** Takes a page and its subpages out of the batch's tree, each noted deleted. */
export function removePage(batch: ContentBatch, pageId: string): void {
  const draft = deletePageFromTree(batch.tree, pageId);
  batch.tree = draft.tree;
  for (const id of draft.changedPageIds) batch.touch({ kind: 'deleted', pageId: id });
}
