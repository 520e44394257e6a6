import { conflict, notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { lockSpaceRow, updateSpaceRevision } from '../store/revision-content.store';
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
      const space = await lockSpaceRow(tx, spaceId);
      if (!space || space.deletedAt) throw notFound(`Space ${spaceId} not found`);
      if (space.editMode === 'locked') throw conflict(`Space ${spaceId} is locked (editMode "locked"): unlock it to import content`);
      return { revisionId: space.revisionId };
    },
    advance: (tx, revisionId, _tree, now) => updateSpaceRevision(tx, spaceId, revisionId, now),
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
