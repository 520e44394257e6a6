import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import type { Logger } from '@quire/platform/logger';
import type { Caller } from '../../revisions';
import { stillConflicted } from '../domain/change-request-state';
import { type ContentHttpDeps } from '../../shared';
import { changeRequestFacts } from '../domain/change-requests';
import { changeRequestLabel, MAIN, type MergeAnswer } from '../domain/merge-answer';
import { announceRevision, loadTrees, lockBoth, mergeTrees, writeRevision } from './merge-steps';
import { changeRequestBase } from '../model/change-request';
import { mergeTarget } from './change-request-edit';
import { advanceChangeRequest } from '../store/change-requests.store';

/**
 * Pulls main into a change request (`update`): the same three-way merge as a merge, with the change
 * request as the target. The `update` revision (parents: the change request's, main's) always lands;
 * pages that conflicted hold both sides between markers and stay conflicted (merge refuses) until
 * their body changes again. `revisionMergedAncestor` becomes main's revision, so the change request
 * is no longer outdated. Nothing to pull (main is the base already) writes nothing.
 */
export async function pullMainIntoChangeRequest(
  deps: ContentHttpDeps & { log: Logger },
  caller: Caller,
  input: { spaceId: string; changeRequestId: string },
): Promise<MergeAnswer<'update'>> {
  const { mergeRules: _rules, ...target } = await mergeTarget(deps, caller, input, 'update');
  const started = Date.now();
  return deps.db.transaction(async (tx) => {
    const { space, cr } = await lockBoth(tx, target, 'be updated');
    const baseId = changeRequestBase(cr);
    if (baseId === space.revisionId) return { revision: cr.revisionId, result: Object.keys(cr.conflicts).length ? 'conflicts' : 'update', conflicts: [] };
    const [base, main, current] = await loadTrees(tx, target.spaceId, [baseId, space.revisionId, cr.revisionId]);
    const outcome = await mergeTrees(tx, base, { revision: current, label: changeRequestLabel(cr) }, { revision: main, label: MAIN }, deps.clock());
    const now = deps.clock();
    const revisionId = newId();
    const parents = [current.id, main.id];
    await writeRevision(tx, outcome, { id: revisionId, spaceId: target.spaceId, parents, type: 'update', createdBy: target.userId }, now);
    const conflicts = { ...stillConflicted(cr.conflicts, outcome.tree), ...Object.fromEntries(outcome.conflictedBodies) };
    await advanceChangeRequest(tx, cr.id, { revisionId, mergedAncestor: main.id, conflicts }, now);
    await announceRevision(tx, target, { revisionId, parents, type: 'update', current: false, changedPageIds: outcome.changedPageIds }, now);
    const updated = { ...changeRequestFacts({ ...cr, revisionId }, target.organizationId), revisionMergedAncestor: main.id };
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, target.spaceId, ContentEvent.changeRequestUpdated, updated), now);
    const conflicted = Object.keys(conflicts).length > 0 || outcome.conflicts.length > 0;
    deps.log.info(
      { spaceId: target.spaceId, changeRequestId: cr.id, revisionId, conflicts: outcome.conflicts.length, ms: Date.now() - started },
      'change request updated from main',
    );
    return { revision: revisionId, result: conflicted ? 'conflicts' : 'update', conflicts: outcome.conflicts };
  });
}
