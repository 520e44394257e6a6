import { createHash } from 'node:crypto';
import type { SqlExecutor } from '@quire/platform/sql';
import { findBodies, findRevision, pageAncestors, pagePaths, pageSections, type PageSection, type StoredPage } from '../../revisions';
import {
  deleteIndexedPages,
  deleteSpaceIndex,
  findIndexedPages,
  findSpaceToIndex,
  insertIndexedPages,
  lockSpaceIndex,
  moveSpaceIndex,
  type IndexedPage,
} from '../store/search.store';

export interface ReindexOutcome {
  /** Document pages of the current revision (0 for a deleted or missing space). */
  pages: number;
  /** Pages (re)written and pages removed from the index. */
  written: number;
  removed: number;
  /** Pages still to (re)write when `maxPages` cut this pass short. */
  remaining: number;
}

export interface ReindexOptions {
  /** Rewrite every page (the CLI's rebuild). */
  full?: boolean;
  /** Rewrite at most this many pages (ignored with `full`); the outcome says how many remain for the next pass. */
  maxPages?: number;
  /**
   * What a page's sections are computed by: the service runs markdown-it in a conversion thread
   * (conversions.ts; a 1 MB page is a second of it); by default, on this thread.
   */
  sections?: SectionsOf;
}

export type SectionsOf = (page: { title: string; description?: string }, markdown: string) => Promise<PageSection[]>;
const sectionsHere: SectionsOf = (page, markdown) => Promise.resolve(pageSections(page, markdown));

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

  const paths = pagePaths(revision.tree.pages);
  const ancestors = pageAncestors(revision.tree.pages);
  const documents = revision.tree.pages.filter((p) => p.kind === 'document');
  const wanted = new Map(
    documents.map((page) => [page.id, { page, path: paths.get(page.id) ?? page.slug, ancestors: (ancestors.get(page.id) ?? []).map((a) => a.title) }]),
  );
  const differing = [...wanted.values()].filter((w) => indexed.signatures.get(w.page.id) !== signatureOf(w));
  const changed = options.full || options.maxPages === undefined ? differing : differing.slice(0, options.maxPages);
  const gone = [...indexed.signatures.keys()].filter((id) => !wanted.has(id));
  const stale = [...gone, ...changed.filter(({ page }) => indexed.signatures.has(page.id)).map(({ page }) => page.id)];
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
  return { pages: documents.length, written: pages.length, removed: gone.length, remaining: differing.length - changed.length };
}

/** What a page's index rows are derived from; its ancestors' titles count since results show them (a parent renamed, its pages are rewritten). */
function signatureOf({ page, path, ancestors }: { page: StoredPage; path: string; ancestors: string[] }): string {
  return createHash('sha256')
    .update(JSON.stringify([page.title, page.description ?? '', path, page.body ?? '', ancestors]))
    .digest('base64url');
}
