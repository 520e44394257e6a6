import type { Cache } from '@quire/platform/cache';
import type { SqlExecutor } from '@quire/platform/sql';
import { loadRevision, type ContentConversions, type LoadedRevision } from '../../revisions';
import { reactionsOn, repliersOf } from '../store/comments.store';
import type { Comment, Reaction, Replier } from '../model/comment';
import { commentsOnRemovedNodes } from './removed-nodes';

/** What answering comments needs besides their rows. */
export interface CommentExtras {
  reactions: Reaction[];
  repliers: Replier[];
  /** The revisions the comments were posted on, and main's current one (`space.revisionId`), by id. */
  revisions: Map<string, LoadedRevision>;
  /** The comments on a node main's page no longer has (removed-nodes.ts). */
  removedNodes: Set<string>;
}

/**
 * The reactions and repliers of `rows` in one query each, the (cached, immutable) revisions
 * their target pages are read from, each loaded once, and which of their nodes main lost.
 */
export async function loadCommentExtras(
  deps: { db: SqlExecutor; cache: Cache; conversions: Pick<ContentConversions, 'blockKeys'> },
  space: { id: string; revisionId: string },
  rows: Comment[],
): Promise<CommentExtras> {
  const ids = rows.map((r) => r.id);
  const onPages = rows.filter((r) => r.pageId);
  const revisionIds = onPages.length ? [...new Set([space.revisionId, ...onPages.map((r) => r.revisionId)])] : [];
  const revisions = new Map<string, LoadedRevision>();
  const [reactions, repliers] = await Promise.all([
    reactionsOn(deps.db, ids),
    repliersOf(deps.db, ids),
    ...revisionIds.map(async (id) => revisions.set(id, await loadRevision(deps.db, deps.cache, space.id, id))),
  ]);
  const removedNodes = await commentsOnRemovedNodes(deps, rows, revisions, space.revisionId);
  return { reactions: reactions as Reaction[], repliers: repliers as Replier[], revisions, removedNodes };
}
