import type { RevisionTree } from '../../revisions';
import type { ChangeOf, ChangesContext, ChangesDraft, ContentChange } from './changes/change-types';
import { ContentBatch } from './changes/content-batch';
import { deleteFile } from './changes/delete-file';
import { deletePage } from './changes/delete-page';
import { insertFiles } from './changes/insert-files';
import { insertPage } from './changes/insert-page';
import { revertPage } from './changes/revert-page';
import { updatePage } from './changes/update-page';

export type { BatchFile, ChangesContext, ChangesDraft, ContentChange, PageFields, PageOutcome, ReadPageFields } from './changes/change-types';

// The page changes of a batch content edit (`updateChangeRequestContent`, @gitbook/api 0.202.0),
// applied in order to one tree so that the batch makes one revision or nothing: the
// first change that cannot apply throws a 400 naming it (`"changes.3.page": …`) and the caller's
// transaction writes nothing. Each operation has its handler (changes/<operation>.ts), changing the
// batch's state (changes/content-batch.ts); links in the bodies resolve once the whole batch is
// applied (batch-links.ts). A revert takes the page's body and fields from an older revision of the
// space, or, with `block`, some blocks of its body (block-revert.ts).

/** One operation's handler: applies the change at `index` of the batch, or throws its 400. */
export type ChangeHandler<O extends ContentChange['operation']> = (batch: ContentBatch, change: ChangeOf<O>, index: number) => void;

/** The handler of each operation. */
export const CHANGE_HANDLERS: { readonly [O in ContentChange['operation']]: ChangeHandler<O> } = {
  insert_page: insertPage,
  update_page: updatePage,
  delete_page: deletePage,
  insert_files: insertFiles,
  revert_page: revertPage,
  delete_file: deleteFile,
};

export function applyContentChanges(parent: RevisionTree, changes: readonly ContentChange[], ctx: ChangesContext): ChangesDraft {
  const batch = new ContentBatch(parent, ctx);
  changes.forEach((change, index) => {
    const handler = CHANGE_HANDLERS[change.operation] as ChangeHandler<ContentChange['operation']>;
    handler(batch, change, index);
  });
  return batch.finish();
}

/**
 * The stored bodies a batch's block reverts read (`ChangesContext.storedBodies`): each such page's body
 * in the change request and in every revision the batch reverts from, whatever changes come first.
 */
export function storedBodiesToRead(parent: RevisionTree, changes: readonly ContentChange[], revisions: ReadonlyMap<string, RevisionTree>): string[] {
  const pageIds = new Set(changes.flatMap((c) => (c.operation === 'revert_page' && c.block ? [c.page] : [])));
  if (!pageIds.size) return [];
  const hashes = [parent, ...revisions.values()].flatMap((t) => t.pages.filter((p) => pageIds.has(p.id) && p.body !== undefined).map((p) => p.body as string));
  return [...new Set(hashes)];
}
