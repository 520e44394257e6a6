import { conflict } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { newId } from '@quire/ids';
import type { Logger } from '@quire/platform/logger';
import { setCurrentRevision, type Caller } from '../../revisions';
import { type ContentHttpDeps } from '../../shared';
import { changeRequestFacts } from '../domain/change-requests';
import type { MergeConflict } from '../domain/merge/merge-revisions';
import { changeRequestLabel, MAIN, type MergeAnswer } from '../domain/merge-answer';
import { announceRevision, loadTrees, lockBoth, mergeTrees, writeRevision } from './merge-steps';
import { changeRequestBase, type ChangeRequest } from '../model/change-request';
import { mergeRulesFor, refuseMerge, unmetRulesOf } from './merge-rules-check';
import { mergeTarget } from './change-request-edit';
import { markChangeRequestMerged } from '../store/change-requests.store';

/**
 * Merges a change request into main (`merge`). Under the space row's lock (merges, updates and
 * imports of one space are serialized, so a merge always builds on the main it compared against)
 * the three trees — the base (`revisionMergedAncestor ?? revisionInitial`), main and the change
 * request — merge three-way (domain/merge). Clean: a `merge` revision (parents: main, the change
 * request) becomes current and the change request is `merged`, with their events in the same
 * transaction. Conflicts, or pages an update left conflicted and nobody re-imported: main is
 * untouched and the answer is `conflicts`. Merge rules that do not pass (the space's or the
 * organization's): 409 naming them, and a `change-request.merge-blocked` event.
 */
export async function mergeChangeRequest(
  deps: ContentHttpDeps & { log: Logger },
  caller: Caller,
  input: { spaceId: string; changeRequestId: string },
): Promise<MergeAnswer<'merge'>> {
  const { mergeRules, ...target } = await mergeTarget(deps, caller, input, 'merge');
  const rules = await mergeRulesFor(deps, target, mergeRules);
  const started = Date.now();
  const answer = await deps.db.transaction(async (tx): Promise<MergeAnswer<'merge'> | { unmet: string[]; cr: ChangeRequest }> => {
    const { space, cr } = await lockBoth(tx, target, 'be merged');
    if (space.editMode === 'locked') throw conflict(`Space ${target.spaceId} is locked (editMode "locked"): unlock it to merge`);
    const unmet = await unmetRulesOf(tx, rules, cr, space.revisionId, target.userId);
    if (unmet.length) return { unmet, cr };
    const pending = Object.keys(cr.conflicts);
    if (pending.length) return { revision: cr.revisionId, result: 'conflicts', conflicts: pending.map(stillMarked) };
    const [base, main, source] = await loadTrees(tx, target.spaceId, [changeRequestBase(cr), space.revisionId, cr.revisionId]);
    const outcome = await mergeTrees(tx, base, { revision: main, label: MAIN }, { revision: source, label: changeRequestLabel(cr) }, deps.clock());
    if (outcome.conflicts.length) {
      deps.log.info({ spaceId: target.spaceId, changeRequestId: cr.id, conflicts: outcome.conflicts.length }, 'merge refused: conflicts');
      return { revision: cr.revisionId, result: 'conflicts', conflicts: outcome.conflicts };
    }
    const now = deps.clock();
    const revisionId = newId();
    const parents = [main.id, source.id];
    await writeRevision(tx, outcome, { id: revisionId, spaceId: target.spaceId, parents, type: 'merge', createdBy: target.userId, mergedFrom: cr.id }, now);
    await setCurrentRevision(tx, target.spaceId, revisionId, now);
    await markChangeRequestMerged(tx, cr.id, revisionId, now);
    await announceRevision(tx, target, { revisionId, parents, type: 'merge', current: true, changedPageIds: outcome.changedPageIds }, now);
    const merged = { ...changeRequestFacts(cr, target.organizationId), status: 'merged' as const, revisionMerged: revisionId, mergedBy: target.userId };
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, target.spaceId, ContentEvent.changeRequestMerged, merged), now);
    deps.log.info(
      { spaceId: target.spaceId, changeRequestId: cr.id, revisionId, changedPages: outcome.changedPageIds.length, ms: Date.now() - started },
      'change request merged',
    );
    return { revision: revisionId, result: 'merge', conflicts: [] };
  });
  return 'unmet' in answer ? refuseMerge(deps, target, answer.cr, answer.unmet) : answer;
}

/** A page an update left with conflict markers that nobody re-imported since. */
function stillMarked(pageId: string): MergeConflict {
  return { pageId, title: '', kind: 'body', message: 'conflict markers from an update are still in this page' };
}
