import { notFound } from '@quire/errors';
import type { ContentHead } from '../../revisions';
import { assertChangeRequestOpen, stillConflicted } from '../domain/change-request-state';
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
