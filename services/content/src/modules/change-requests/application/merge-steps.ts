import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { listTargets } from '@quire/formats';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { lockChangeRequest } from '../store/change-requests.store';
import { findBodies, findRevision, lockSpaceContent, type Revision, revisionCreatedPayload, type RevisionCreated, storeRevision } from '../../revisions';
import { assertChangeRequestOpen } from '../domain/change-request-state';
import { bodiesNeeded, mergeRevisions, type MergeOutcome } from '../domain/merge/merge-revisions';
import type { ChangeRequestTarget } from '../domain/merge-answer';

// The steps that merging a change request into main and pulling main into one share
// (merge-change-request.ts, pull-main-into-change-request.ts), each running them in one
// transaction under the space's, then the change request's row lock.

/**
 * The space row, then the change request row, locked in that order (always the same order, so
 * merges, updates and imports of one space queue up instead of deadlocking).
 */
export async function lockBoth(tx: SqlExecutor, target: ChangeRequestTarget, what: string) {
  const space = await lockSpaceContent(tx, target.spaceId);
  if (!space || space.deletedAt) throw notFound(`Space ${target.spaceId} not found`);
  const cr = await lockChangeRequest(tx, target.spaceId, target.changeRequestId);
  if (!cr) throw notFound(`Change request ${target.changeRequestId} not found`);
  assertChangeRequestOpen(cr.status, cr.number, what);
  return { space, cr };
}

/** Revisions by id, one query each inside the transaction (PGlite runs one at a time anyway). */
export async function loadTrees(tx: SqlExecutor, spaceId: string, ids: [string, string, string]): Promise<[Revision, Revision, Revision]> {
  const rows: Revision[] = [];
  for (const id of ids) {
    const row = await findRevision(tx, spaceId, id);
    if (!row) throw new Error(`space ${spaceId}: revision ${id} is missing`);
    rows.push(row);
  }
  return rows as [Revision, Revision, Revision];
}

/** The three trees merged three-way (domain/merge), the bodies they need read in the transaction. */
export async function mergeTrees(
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

/** A merge's or an update's revision stored, with its new bodies. */
export async function writeRevision(
  tx: SqlExecutor,
  outcome: MergeOutcome,
  revision: { id: string; spaceId: string; parents: string[]; type: 'merge' | 'update'; createdBy: string; mergedFrom?: string },
  now: Date,
): Promise<void> {
  const bodies = [...outcome.bodies].map(([hash, markdown]) => ({ hash, markdown, links: listTargets(markdown) }));
  await storeRevision(tx, { ...revision, tree: outcome.tree }, bodies, now);
}

/** `revision.created` for a merge's or an update's revision, in its transaction. */
export async function announceRevision(
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
  await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, target.spaceId, ContentEvent.revisionCreated, created), now);
}
