import { conflict, notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import type { Logger } from '@quire/platform/logger';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { listTargets } from '@quire/formats';
import { announce } from '../../events/announce';
import { ContentEvent } from '../../events/content-events';
import { advanceChangeRequest, changeRequestBase, lockChangeRequest, markChangeRequestMerged, type ChangeRequest } from '../../store/change-requests.store';
import {
  findBodies,
  findRevision,
  insertBodies,
  insertRevision,
  lockSpaceContent,
  setCurrentRevision,
  type Revision,
} from '../../store/revision-content.store';
import { assertChangeRequestOpen, stillConflicted } from '../content/content-heads';
import { revisionCreatedPayload, type RevisionCreated } from '../content/revision-created';
import { bodiesNeeded, mergeRevisions, type MergeConflict, type MergeOutcome } from '../merge/merge-revisions';
import { changeRequestFacts } from './change-requests';

export interface MergeDeps {
  db: SqlDatabase;
  clock: () => Date;
  log: Logger;
}

export interface ChangeRequestTarget {
  spaceId: string;
  organizationId: string;
  changeRequestId: string;
  userId: string;
}

/** The answer of merge and update (reference: mergeChangeRequest, updateChangeRequest), with the conflicts found. */
export interface MergeAnswer<R extends string> {
  revision: string;
  result: R | 'conflicts';
  conflicts: MergeConflict[];
}

const MAIN = 'main';
const changeRequestLabel = (cr: ChangeRequest) => `change request #${cr.number}`;

/**
 * Merges a change request into main. Under the space row's lock (merges, updates and imports of
 * one space are serialized, so a merge always builds on the main it compared against) the three
 * trees — the base (`revisionMergedAncestor ?? revisionInitial`), main and the change request —
 * merge three-way (domain/merge). Clean: a `merge` revision (parents: main, the change request)
 * becomes current and the change request is `merged`. Conflicts, or pages an update left
 * conflicted and nobody re-imported: main is untouched and the answer is `conflicts`.
 */
export async function mergeChangeRequest(deps: MergeDeps, target: ChangeRequestTarget): Promise<MergeAnswer<'merge'>> {
  const started = Date.now();
  return deps.db.transaction(async (tx) => {
    const { space, cr } = await lockBoth(tx, target, 'be merged');
    if (space.editMode === 'locked') throw conflict(`Space ${target.spaceId} is locked (editMode "locked"): unlock it to merge`);
    const pending = Object.keys(cr.conflicts);
    if (pending.length) {
      const conflicts = pending.map((pageId): MergeConflict => ({
        pageId,
        title: '',
        kind: 'body',
        message: 'conflict markers from an update are still in this page',
      }));
      return { revision: cr.revisionId, result: 'conflicts', conflicts };
    }
    const [base, main, source] = await loadTrees(tx, target.spaceId, [changeRequestBase(cr), space.revisionId, cr.revisionId]);
    const outcome = await merge(tx, base, { revision: main, label: MAIN }, { revision: source, label: changeRequestLabel(cr) }, deps.clock());
    if (outcome.conflicts.length) {
      deps.log.info({ spaceId: target.spaceId, changeRequestId: cr.id, conflicts: outcome.conflicts.length }, 'merge refused: conflicts');
      return { revision: cr.revisionId, result: 'conflicts', conflicts: outcome.conflicts };
    }
    const now = deps.clock();
    const revisionId = newId();
    await writeRevision(
      tx,
      outcome,
      { id: revisionId, spaceId: target.spaceId, parents: [main.id, source.id], type: 'merge', createdBy: target.userId, mergedFrom: cr.id },
      now,
    );
    await setCurrentRevision(tx, target.spaceId, revisionId, now);
    await markChangeRequestMerged(tx, cr.id, revisionId, now);
    await announceRevision(
      tx,
      target,
      { revisionId, parents: [main.id, source.id], type: 'merge', current: true, changedPageIds: outcome.changedPageIds },
      now,
    );
    await announce(
      tx,
      target.spaceId,
      ContentEvent.changeRequestMerged,
      { ...changeRequestFacts(cr, target.organizationId), status: 'merged', revisionMerged: revisionId, mergedBy: target.userId },
      now,
    );
    deps.log.info(
      { spaceId: target.spaceId, changeRequestId: cr.id, revisionId, changedPages: outcome.changedPageIds.length, ms: Date.now() - started },
      'change request merged',
    );
    return { revision: revisionId, result: 'merge', conflicts: [] };
  });
}

/**
 * Pulls main into a change request: the same three-way merge with the change request as the
 * target. The `update` revision (parents: the change request's, main's) always lands; pages that
 * conflicted hold both sides between markers and stay conflicted (merge refuses) until their body
 * changes again. `revisionMergedAncestor` becomes main's revision, so the change request is no
 * longer outdated. Nothing to pull (main is the base already) writes nothing.
 */
export async function pullMainIntoChangeRequest(deps: MergeDeps, target: ChangeRequestTarget): Promise<MergeAnswer<'update'>> {
  const started = Date.now();
  return deps.db.transaction(async (tx) => {
    const { space, cr } = await lockBoth(tx, target, 'be updated');
    const baseId = changeRequestBase(cr);
    if (baseId === space.revisionId) return { revision: cr.revisionId, result: Object.keys(cr.conflicts).length ? 'conflicts' : 'update', conflicts: [] };
    const [base, main, current] = await loadTrees(tx, target.spaceId, [baseId, space.revisionId, cr.revisionId]);
    const outcome = await merge(tx, base, { revision: current, label: changeRequestLabel(cr) }, { revision: main, label: MAIN }, deps.clock());
    const now = deps.clock();
    const revisionId = newId();
    const parents = [current.id, main.id];
    await writeRevision(tx, outcome, { id: revisionId, spaceId: target.spaceId, parents, type: 'update', createdBy: target.userId }, now);
    const conflicts = { ...stillConflicted(cr.conflicts, outcome.tree), ...Object.fromEntries(outcome.conflictedBodies) };
    await advanceChangeRequest(tx, cr.id, { revisionId, mergedAncestor: main.id, conflicts }, now);
    await announceRevision(tx, target, { revisionId, parents, type: 'update', current: false, changedPageIds: outcome.changedPageIds }, now);
    await announce(
      tx,
      target.spaceId,
      ContentEvent.changeRequestUpdated,
      { ...changeRequestFacts({ ...cr, revisionId }, target.organizationId), revisionMergedAncestor: main.id },
      now,
    );
    const conflicted = Object.keys(conflicts).length > 0 || outcome.conflicts.length > 0;
    deps.log.info(
      { spaceId: target.spaceId, changeRequestId: cr.id, revisionId, conflicts: outcome.conflicts.length, ms: Date.now() - started },
      'change request updated from main',
    );
    return { revision: revisionId, result: conflicted ? 'conflicts' : 'update', conflicts: outcome.conflicts };
  });
}

/**
 * The space row, then the change request row, locked in that order (always the same order, so
 * merges, updates and imports of one space queue up instead of deadlocking).
 */
async function lockBoth(tx: SqlExecutor, target: ChangeRequestTarget, what: string) {
  const space = await lockSpaceContent(tx, target.spaceId);
  if (!space || space.deletedAt) throw notFound(`Space ${target.spaceId} not found`);
  const cr = await lockChangeRequest(tx, target.spaceId, target.changeRequestId);
  if (!cr) throw notFound(`Change request ${target.changeRequestId} not found`);
  assertChangeRequestOpen(cr.status, cr.number, what);
  return { space, cr };
}

/** Revisions by id, one query each inside the transaction (PGlite runs one at a time anyway). */
async function loadTrees(tx: SqlExecutor, spaceId: string, ids: [string, string, string]): Promise<[Revision, Revision, Revision]> {
  const rows: Revision[] = [];
  for (const id of ids) {
    const row = await findRevision(tx, spaceId, id);
    if (!row) throw new Error(`space ${spaceId}: revision ${id} is missing`);
    rows.push(row);
  }
  return rows as [Revision, Revision, Revision];
}

async function merge(
  tx: SqlExecutor,
  base: Revision,
  target: { revision: Revision; label: string },
  source: { revision: Revision; label: string },
  now: Date,
): Promise<MergeOutcome> {
  const bodies = await findBodies(tx, bodiesNeeded(base.tree, target.revision.tree, source.revision.tree));
  return mergeRevisions(
    { base: base.tree, target: { tree: target.revision.tree, label: target.label }, source: { tree: source.revision.tree, label: source.label }, bodies },
    { now },
  );
}

async function writeRevision(
  tx: SqlExecutor,
  outcome: MergeOutcome,
  revision: { id: string; spaceId: string; parents: string[]; type: 'merge' | 'update'; createdBy: string; mergedFrom?: string },
  now: Date,
): Promise<void> {
  await insertBodies(
    tx,
    [...outcome.bodies].map(([hash, markdown]) => ({ hash, markdown, links: listTargets(markdown) })),
  );
  await insertRevision(tx, { ...revision, tree: outcome.tree }, now);
}

async function announceRevision(
  tx: SqlExecutor,
  target: ChangeRequestTarget,
  revision: Pick<RevisionCreated, 'revisionId' | 'parents' | 'type' | 'current' | 'changedPageIds'>,
  now: Date,
): Promise<void> {
  const created = revisionCreatedPayload({
    spaceId: target.spaceId,
    organizationId: target.organizationId,
    ...revision,
    changeRequestId: target.changeRequestId,
  });
  await announce(tx, target.spaceId, ContentEvent.revisionCreated, created, now);
}
