import { createHash } from 'node:crypto';
import { pageAncestors, pagePaths, pageSections, type PageSection, type RevisionTree, type StoredPage } from '../../revisions';

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
export const sectionsHere: SectionsOf = (page, markdown) => Promise.resolve(pageSections(page, markdown));

/** A document page as the index would hold it now: its path and its ancestors' titles. */
export interface WantedPage {
  page: StoredPage;
  path: string;
  ancestors: string[];
}

/** What a pass rewrites and removes: pages whose signature differs (all, or `maxPages` of them), pages gone. */
export interface ReindexPlan {
  /** Document pages of the revision. */
  documents: number;
  /** Pages that differ from what the index holds. */
  differing: number;
  /** Those this pass rewrites. */
  changed: WantedPage[];
  /** Indexed pages the revision no longer has. */
  gone: string[];
  /** Pages whose rows go before the changed ones are written (gone, and changed ones indexed before). */
  stale: string[];
}

/**
 * Compares what each page was indexed from (title, description, path, body hash, ancestors'
 * titles) with the revision: only pages that differ are rewritten, so replayed, duplicated or
 * out-of-order events cost little and change nothing.
 */
export function planReindex(tree: RevisionTree, signatures: ReadonlyMap<string, string>, options: Pick<ReindexOptions, 'full' | 'maxPages'>): ReindexPlan {
  const paths = pagePaths(tree.pages);
  const ancestors = pageAncestors(tree.pages);
  const documents = tree.pages.filter((p) => p.kind === 'document');
  const wanted = new Map(
    documents.map((page) => [page.id, { page, path: paths.get(page.id) ?? page.slug, ancestors: (ancestors.get(page.id) ?? []).map((a) => a.title) }]),
  );
  const differing = [...wanted.values()].filter((w) => signatures.get(w.page.id) !== signatureOf(w));
  const changed = options.full || options.maxPages === undefined ? differing : differing.slice(0, options.maxPages);
  const gone = [...signatures.keys()].filter((id) => !wanted.has(id));
  const stale = [...gone, ...changed.filter(({ page }) => signatures.has(page.id)).map(({ page }) => page.id)];
  return { documents: documents.length, differing: differing.length, changed, gone, stale };
}

/** What a page's index rows are derived from; its ancestors' titles count since results show them (a parent renamed, its pages are rewritten). */
export function signatureOf({ page, path, ancestors }: { page: StoredPage; path: string; ancestors: string[] }): string {
  return createHash('sha256')
    .update(JSON.stringify([page.title, page.description ?? '', path, page.body ?? '', ancestors]))
    .digest('base64url');
}
