import { notFound, revisionNotFound } from '@quire/errors';
import type { Cache } from '@quire/platform/cache';
import { RawJson } from '@quire/platform/http';
import type { SqlExecutor } from '@quire/platform/sql';
import type { ContentConversions } from '../domain/conversions';
import { findBodyRows, findRevisionRow } from '../store/revision-content.store';
import type { Revision } from '../model/revision';
import { RevisionIndex } from '../domain/content-refs';
import { withStableRefs } from '../domain/stable-refs';
import type { StoredPage } from '../model/revision-tree';

export interface LoadedRevision {
  revision: Revision;
  index: RevisionIndex;
}

/** How long a revision stays in the cache: revisions never change, so only memory bounds it. */
const REVISION_CACHE_SECONDS = 3600;

/** `compute()` once per `key` while cached: for answers derived from immutable revisions only. */
export async function cachedText(cache: Cache, key: string, compute: () => Promise<string>): Promise<string> {
  const hit = await cache.get(key).catch(() => null);
  if (hit !== null) return hit;
  const text = await compute();
  await cache.set(key, text, REVISION_CACHE_SECONDS).catch(() => undefined);
  return text;
}

/**
 * A revision with its index. Revisions are immutable, so they are cached (Redis in distributed
 * mode, shared by replicas) under their space and id: reading a 1,000-page manifest from the
 * database costs more than the rest of a page read. A cache that fails is skipped, never an error.
 */
export async function loadRevision(db: SqlExecutor, cache: Cache, spaceId: string, revisionId: string): Promise<LoadedRevision> {
  const text = await cachedText(cache, revisionCacheKey(spaceId, revisionId), async () => {
    const found = await findRevisionRow(db, spaceId, revisionId);
    if (!found) throw revisionNotFound(revisionId); // never cached: only revisions that exist are
    return JSON.stringify(found);
  });
  const revision = JSON.parse(text) as Revision & { createdAt: string };
  return { revision: { ...revision, createdAt: new Date(revision.createdAt) }, index: new RevisionIndex(revision.tree, revision.gitBlobs) };
}

/** Revisions are immutable but for Git Sync's annotation of an exported one, which drops its cached copy. */
export function revisionCacheKey(spaceId: string, revisionId: string): string {
  return `content:space:${spaceId}:revision:${revisionId}`;
}

export function pageIn(loaded: LoadedRevision, pageId: string): StoredPage {
  const page = loaded.index.page(pageId);
  if (!page) throw notFound(`Page ${pageId} not found`);
  return page;
}

export type BodyFormat = 'markdown' | 'document';
/** How markdown links to pages and files: as stored, relative to the page's file, or by id (stable-refs.ts). */
export type MarkdownRefs = 'relative' | 'stable';

/**
 * A document page's body in the format asked for; links and images resolved against its revision.
 * The document is converted in a worker thread and comes back as JSON text (conversions.ts).
 */
export async function readPageBody(
  db: SqlExecutor,
  conversions: Pick<ContentConversions, 'pageDocument'>,
  loaded: LoadedRevision,
  page: StoredPage,
  format: BodyFormat,
  refs: MarkdownRefs = 'relative',
): Promise<{ markdown: string } | { document: RawJson }> {
  const markdown = page.body ? ((await findBodyRows(db, [page.body])).get(page.body) ?? '') : '';
  if (format === 'markdown') return { markdown: refs === 'stable' ? withStableRefs(markdown, page.id, loaded.index) : markdown };
  return { document: new RawJson(await conversions.pageDocument({ markdown, pageId: page.id, tree: loaded.index.tree })) };
}
