import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { listTargets } from '@quire/formats';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { findRevisionRow, insertBodyRows, insertRevisionRow } from '../store/revision-content.store';
import type { ContentHead } from './content-heads';
import { revisionCreatedPayload } from '../domain/revision-created';
import type { RevisionTree } from '../model/revision-tree';

/** What an edit makes of the revision it builds on. */
export interface EditDraft {
  tree: RevisionTree;
  /** Bodies by SHA-256 that the tree uses and may not be stored yet. */
  bodies: Map<string, string>;
  changedPageIds: string[];
}

export interface EditRequest {
  head: ContentHead;
  organizationId: string;
  userId: string;
}

/**
 * Writes one `edits` revision on a head: locks it, builds the draft on the revision it points at
 * (so two writers never overwrite each other), stores the new bodies, the revision, moves the head
 * and announces `revision.created`, all in one transaction. `build` may throw an ApiError (a page
 * that is not there…): nothing is written then. It gets the transaction to read what the parent
 * revision's pages hold (their bodies), under the same lock.
 */
export async function commitEdit<D extends EditDraft>(
  db: SqlDatabase,
  now: () => Date,
  request: EditRequest,
  build: (parent: RevisionTree, tx: SqlExecutor) => D | Promise<D>,
  /** More writes of the same transaction, once the revision is stored (Git Sync records its commit). */
  after?: (tx: SqlExecutor, revisionId: string, draft: D) => Promise<void>,
): Promise<{ revisionId: string; draft: D }> {
  const { head } = request;
  return db.transaction(async (tx) => {
    const { revisionId: parentId } = await head.lock(tx);
    const parent = await findRevisionRow(tx, head.spaceId, parentId);
    if (!parent) throw new Error(`space ${head.spaceId} points at a missing revision ${parentId}`);
    const draft = await build(parent.tree, tx);
    const at = now();
    const revisionId = newId();
    await insertBodyRows(
      tx,
      [...draft.bodies].map(([hash, markdown]) => ({ hash, markdown, links: listTargets(markdown) })),
    );
    await insertRevisionRow(
      tx,
      { id: revisionId, spaceId: head.spaceId, parents: [parent.id], type: 'edits', tree: draft.tree, createdBy: request.userId },
      at,
    );
    await head.advance(tx, revisionId, draft.tree, at);
    const created = revisionCreatedPayload({
      spaceId: head.spaceId,
      organizationId: request.organizationId,
      revisionId,
      parents: [parent.id],
      type: 'edits',
      changedPageIds: draft.changedPageIds,
      current: head.current,
      changeRequestId: head.changeRequestId,
    });
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, head.spaceId, ContentEvent.revisionCreated, created), at);
    await after?.(tx, revisionId, draft);
    return { revisionId, draft };
  });
}
