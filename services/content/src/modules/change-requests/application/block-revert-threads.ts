import type { SqlExecutor } from '@quire/platform/sql';
import { type RevisionTree, findBodies, type ContentConversions, revertKey, type BlockRevert } from '../../revisions';
import { storedBodiesToRead, type ContentChange } from '../domain/content-changes';

// A block revert parses two page bodies with markdown-it (0.8 s each for a 1 MB page): a batch's
// block reverts are computed ahead, in conversion threads, from the change request's revision as it
// is before the batch's transaction. Inside it, applyContentChanges takes a result whose three
// inputs are the same (revertKey) and computes any other itself (a page an earlier change of the
// batch rewrote, or a change request another batch moved on meanwhile): same answer either way.

export async function blockRevertsAhead(
  db: SqlExecutor,
  head: RevisionTree,
  changes: readonly ContentChange[],
  revisions: ReadonlyMap<string, RevisionTree>,
  baseRevision: string | undefined,
  conversions: Pick<ContentConversions, 'revertBlocks'>,
): Promise<Map<string, BlockRevert>> {
  const reverted = new Map<string, BlockRevert>();
  const hashes = storedBodiesToRead(head, changes, revisions);
  if (!hashes.length) return reverted;
  const bodies = await findBodies(db, hashes);
  const markdownOf = (tree: RevisionTree | undefined, pageId: string) => {
    const page = tree?.pages.find((p) => p.id === pageId);
    return page && (page.body === undefined ? '' : bodies.get(page.body));
  };
  for (const change of changes) {
    if (change.operation !== 'revert_page' || !change.block) continue;
    const current = markdownOf(head, change.page);
    const source = markdownOf(revisions.get(change.revision ?? baseRevision ?? ''), change.page);
    if (current === undefined || source === undefined) continue; // refused in the transaction, naming why
    reverted.set(revertKey(current, source, change.block), await conversions.revertBlocks(current, source, change.block));
  }
  return reverted;
}
