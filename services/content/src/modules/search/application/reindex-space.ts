import type { SqlExecutor } from '@quire/platform/sql';
import { findBodies, findRevision } from '../../revisions';
import { planReindex, sectionsHere, signatureOf, type ReindexOptions, type ReindexOutcome } from '../domain/search-indexer';
import type { IndexedPage } from '../model/search';
import {
  deleteIndexedPages,
  deleteSpaceIndex,
  findIndexedPages,
  findSpaceToIndex,
  insertIndexedPages,
  lockSpaceIndex,
  moveSpaceIndex,
} from '../store/search.store';

/**
 * Brings a space's index in line with its state now, whatever event asked: a live space is indexed
 * against its current revision, a deleted or purged one is removed. It compares what each page
 * was indexed from (title, description, path, body hash, ancestors' titles) with the revision and rewrites only the
 * pages that differ, so replayed, duplicated or out-of-order events cost little and change
 * nothing. `full` rewrites every page (the CLI's rebuild). Runs in the caller's transaction.
 * With `maxPages`, a pass does part of the work: passes in their own transactions converge on the
 * same index, each leaving what it wrote consistent (the consumer's steps, search-index.consumer.ts).
 */
export async function reindexSpace(tx: SqlExecutor, spaceId: string, options: ReindexOptions = {}): Promise<ReindexOutcome> {
  await lockSpaceIndex(tx, spaceId);
  const space = await findSpaceToIndex(tx, spaceId);
  const revision = space && !space.isDeleted ? await findRevision(tx, spaceId, space.revisionId) : null;
  if (!space || !revision) return { pages: 0, written: 0, removed: await deleteSpaceIndex(tx, spaceId), remaining: 0 };
  if (options.full) await deleteSpaceIndex(tx, spaceId);

  const indexed = await findIndexedPages(tx, spaceId);
  if (indexed.organizationIds.size && !(indexed.organizationIds.size === 1 && indexed.organizationIds.has(space.organizationId)))
    await moveSpaceIndex(tx, spaceId, space.organizationId);

  const { documents, differing, changed, gone, stale } = planReindex(revision.tree, indexed.signatures, options);
  await deleteIndexedPages(tx, spaceId, stale);

  const bodies = await findBodies(
    tx,
    changed.flatMap(({ page }) => (page.body ? [page.body] : [])),
  );
  const sectionsOf = options.sections ?? sectionsHere;
  const pages: IndexedPage[] = [];
  // One page at a time: indexing waits its turn behind the conversions requests ask for.
  for (const w of changed)
    pages.push({
      pageId: w.page.id,
      title: w.page.title,
      description: w.page.description ?? '',
      ancestors: w.ancestors,
      path: w.path,
      signature: signatureOf(w),
      sections: await sectionsOf(w.page, w.page.body ? (bodies.get(w.page.body) ?? '') : ''),
    });
  await insertIndexedPages(tx, { id: spaceId, organizationId: space.organizationId }, pages);
  return { pages: documents, written: pages.length, removed: gone.length, remaining: differing - changed.length };
}
