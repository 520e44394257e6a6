import { conflict, notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { advanceChangeRequest, addContributor, lockChangeRequest } from '../../change-requests';
import { lockSpaceContent, setCurrentRevision } from '../store/revision-content.store';
import type { RevisionTree } from '../model/revision-tree';

/**
 * Where new content lands: main (the space's current revision) or a change request's revision.
 * Writers lock the head, build on the revision it points at, then advance it in the same
 * transaction, so two writers of one head never overwrite each other.
 */
export interface ContentHead {
  spaceId: string;
  /** Whether the new revision becomes the space's current one (revision.created `current`). */
  current: boolean;
  changeRequestId?: string;
  /** Locks the head; answers the revision to build on. Throws when the head takes no content now. */
  lock(tx: SqlExecutor): Promise<{ revisionId: string }>;
  /** Points the head at `revisionId` (built on what lock() answered). */
  advance(tx: SqlExecutor, revisionId: string, tree: RevisionTree, now: Date): Promise<void>;
}

/** Main: the space row is the lock; a locked space (editMode `locked`) takes no content. */
export function spaceHead(spaceId: string): ContentHead {
  return {
    spaceId,
    current: true,
    async lock(tx) {
      const space = await lockSpaceContent(tx, spaceId);
      if (!space || space.deletedAt) throw notFound(`Space ${spaceId} not found`);
      if (space.editMode === 'locked') throw conflict(`Space ${spaceId} is locked (editMode "locked"): unlock it to import content`);
      return { revisionId: space.revisionId };
    },
    advance: (tx, revisionId, _tree, now) => setCurrentRevision(tx, spaceId, revisionId, now),
  };
}

/**
 * A revision beside main (Git Sync's `standalone` import): built on the space's current revision
 * under the space row's lock, and left where it is — the space keeps its current revision.
 */
export function standaloneHead(spaceId: string): ContentHead {
  const main = spaceHead(spaceId);
  return { spaceId, current: false, lock: main.lock, advance: async () => undefined };
}

/**
 * A change request: its row is the lock; a merged or archived one takes no content. The writer
 * becomes a contributor; a page an update left conflicted is resolved once its body changes.
 */
export function changeRequestHead(spaceId: string, changeRequestId: string, userId: string): ContentHead {
  let conflicts: Record<string, string> = {};
  return {
    spaceId,
    current: false,
    changeRequestId,
    async lock(tx) {
      const cr = await lockChangeRequest(tx, spaceId, changeRequestId);
      if (!cr) throw notFound(`Change request ${changeRequestId} not found`);
      assertChangeRequestOpen(cr.status, cr.number, 'take new content');
      conflicts = cr.conflicts;
      return { revisionId: cr.revisionId };
    },
    async advance(tx, revisionId, tree, now) {
      await advanceChangeRequest(tx, changeRequestId, { revisionId, conflicts: stillConflicted(conflicts, tree) }, now);
      await addContributor(tx, changeRequestId, userId);
    },
  };
}

/** Merged and archived change requests are closed: no content, no update, no merge (409). */
export function assertChangeRequestOpen(status: string, number: number, what: string): void {
  if (status === 'merged') throw conflict(`Change request #${number} is already merged: it cannot ${what}`);
  if (status === 'archived') throw conflict(`Change request #${number} is archived: reopen it (PATCH status "open") before it can ${what}`);
}

/** The conflicted pages whose body is still the one holding the markers. */
export function stillConflicted(conflicts: Record<string, string>, tree: RevisionTree): Record<string, string> {
  const bodies = new Map(tree.pages.map((p) => [p.id, p.body]));
  return Object.fromEntries(Object.entries(conflicts).filter(([pageId, hash]) => bodies.get(pageId) === hash));
}
