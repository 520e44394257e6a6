import { conflict, notFound } from '@quire/errors';
import type { ContentHead, RevisionTree } from '../../revisions';
import { addContributor, advanceChangeRequest, lockChangeRequest } from '../store/change-requests.store';

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
