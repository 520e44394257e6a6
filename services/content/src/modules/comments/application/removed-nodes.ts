import type { Cache } from '@quire/platform/cache';
import type { SqlExecutor } from '@quire/platform/sql';
import { findBodies, type ContentConversions, type LoadedRevision } from '../../revisions';
import { isNodeRemoved } from '../domain/comments';
import type { Comment } from '../model/comment';

/** Block keys stay as long as revisions do: a body never changes under its hash. */
const BLOCK_KEYS_CACHE_SECONDS = 3600;

interface NodeCheck {
  commentId: string;
  node: string;
  posted: string;
  /** Main's body of the page; null for a page main keeps empty. */
  current: string | null;
}

/**
 * The comments on a node whose block main's page no longer has (a merge removed it): their page is
 * answered `outdated`. Only pages whose body differs between the comment's revision and main are
 * read, each body's block keys computed once (a conversion thread) and cached.
 */
export async function commentsOnRemovedNodes(
  deps: { db: SqlExecutor; cache: Cache; conversions: Pick<ContentConversions, 'blockKeys'> },
  rows: Comment[],
  revisions: Map<string, LoadedRevision>,
  mainRevisionId: string,
): Promise<Set<string>> {
  const main = revisions.get(mainRevisionId);
  const checks: NodeCheck[] = [];
  for (const row of rows) {
    if (!main || !row.pageId || !row.nodeId) continue;
    const posted = revisions.get(row.revisionId)?.index.page(row.pageId);
    const current = main.index.page(row.pageId);
    if (!posted?.body || !current || posted.body === current.body) continue;
    checks.push({ commentId: row.id, node: row.nodeId, posted: posted.body, current: current.body ?? null });
  }
  if (!checks.length) return new Set();
  const keys = await blockKeysOf(deps, [...new Set(checks.flatMap((c) => (c.current ? [c.posted, c.current] : [c.posted])))]);
  const removed = checks.filter((c) => isNodeRemoved(c.node, keys.get(c.posted) ?? [], c.current ? (keys.get(c.current) ?? []) : []));
  return new Set(removed.map((c) => c.commentId));
}

async function blockKeysOf(
  deps: { db: SqlExecutor; cache: Cache; conversions: Pick<ContentConversions, 'blockKeys'> },
  hashes: string[],
): Promise<Map<string, string[]>> {
  const cacheKey = (hash: string) => `content:body:${hash}:block-keys`;
  const found = new Map<string, string[]>();
  const missing: string[] = [];
  await Promise.all(
    hashes.map(async (hash) => {
      const hit = await deps.cache.get(cacheKey(hash)).catch(() => null);
      if (hit === null) missing.push(hash);
      else found.set(hash, JSON.parse(hit) as string[]);
    }),
  );
  if (!missing.length) return found;
  const bodies = await findBodies(deps.db, missing);
  const computed = await deps.conversions.blockKeys(missing.map((hash) => bodies.get(hash) ?? ''));
  await Promise.all(
    missing.map((hash, i) => {
      const keys = computed[i] ?? [];
      found.set(hash, keys);
      return deps.cache.set(cacheKey(hash), JSON.stringify(keys), BLOCK_KEYS_CACHE_SECONDS).catch(() => undefined);
    }),
  );
  return found;
}
