import { uniqueSlug } from '@quire/formats';
import { revertBlocks, revertKey, type StoredPage } from '../../../revisions';
import { ChangeChecks } from './change-checks';
import type { ChangeOf } from './change-types';
import type { ContentBatch } from './content-batch';
import { removePage } from './delete-page';

/**
 * `revert_page`: a page as it was in an older revision of the space (`revision`, else the change
 * request's base): its body and fields, or with `block` some blocks of its body. A page added since
 * is removed; one deleted since comes back.
 */
export function revertPage(batch: ContentBatch, change: ChangeOf<'revert_page'>, index: number): void {
  const check = new ChangeChecks(batch, index);
  const revisionId = change.revision ?? batch.ctx.baseRevision;
  const source = batch.ctx.revisions?.get(revisionId ?? '');
  if (!source) throw check.fail('revision', `revision ${revisionId} is not a revision of this space`);
  const then = source.pages.find((p) => p.id === change.page);
  const current = batch.findPage(change.page);
  if (!then && !current) throw check.fail('page', `page ${change.page} is in neither the change request nor the revision`);
  if (change.block) {
    // A page added or deleted since has no block of the other side to go back to: the whole page does.
    if (!then || !current)
      throw check.fail('block', `page ${change.page} was ${then ? 'deleted' : 'added'} since that revision; revert the whole page (no "block")`);
    return revertBlocksOf(batch, check, current, then, change.block);
  }
  if (!then) return removePage(batch, change.page); // added since: removed (with its subpages)
  restorePage(batch, then, current);
}

/** Some blocks of a page's body as they were in `then`'s. */
function revertBlocksOf(batch: ContentBatch, check: ChangeChecks, current: StoredPage, then: StoredPage, blocks: string[]): void {
  const body = batch.markdownOf(current);
  const sourceMarkdown = batch.storedMarkdown(then);
  const reverted = batch.ctx.revertedBlocks?.get(revertKey(body.markdown, sourceMarkdown, blocks)) ?? revertBlocks(body.markdown, sourceMarkdown, blocks);
  if (reverted.unknownKeys.length) throw check.fail('block', `no block ${reverted.unknownKeys.join(', ')} in the page's document nor in the revision's`);
  const updated: StoredPage = { ...current, updatedAt: batch.now };
  // A sent body still has its links to resolve; a stored one is kept as written, but for the reverted blocks.
  if (body.isSent) batch.sendBody(updated, reverted.markdown);
  else batch.storeBody(updated, reverted.markdown);
  batch.replacePage(updated);
  batch.touch({ kind: 'updated', pageId: current.id });
}

/** A page's body and fields as they were (the body is stored already: the revision has it), where it is now or, deleted since, back. */
function restorePage(batch: ContentBatch, then: StoredPage, current: StoredPage | undefined): void {
  const restored: StoredPage = { ...then, updatedAt: batch.now };
  batch.sentBodies.delete(then.id);
  if (current) {
    batch.replacePage({ ...restored, parentId: current.parentId, slug: current.slug });
  } else {
    // Deleted since: back under its parent when that is still here, else at the top level.
    const parentId = then.parentId !== null && batch.findPage(then.parentId) ? then.parentId : null;
    const taken = new Set(batch.childrenOf(parentId).map((p) => p.slug));
    batch.tree = { pages: [...batch.tree.pages, { ...restored, parentId, slug: uniqueSlug(then.slug, taken) }], files: batch.tree.files };
  }
  batch.touch({ kind: 'updated', pageId: then.id });
}
