import { conflict } from '@quire/errors';
import { newId } from '@quire/ids';
import type { SqlDatabase } from '@quire/platform/sql';
import { announce } from '../../events/announce';
import { ContentEvent } from '../../events/content-events';
import {
  insertChangeRequest,
  lockChangeRequest,
  takeChangeRequestNumber,
  updateChangeRequestFields,
  type ChangeRequest,
  type ChangeRequestStatus,
} from '../../store/change-requests.store';

/** What events about a change request carry. */
export function changeRequestFacts(cr: ChangeRequest, organizationId: string) {
  return { spaceId: cr.spaceId, organizationId, changeRequestId: cr.id, number: cr.number, status: cr.status, revisionId: cr.revisionId };
}

/**
 * Opens a change request on main's current revision: one row (no page is copied — the change
 * request points at the same immutable revision until something is imported into it). The
 * number is taken under the space row's lock, so concurrent creates get distinct numbers.
 */
export async function createChangeRequest(
  db: SqlDatabase,
  request: { spaceId: string; organizationId: string; userId: string; subject: string; status: 'draft' | 'open' },
  now: Date,
): Promise<ChangeRequest> {
  return db.transaction(async (tx) => {
    const { number, revisionId } = await takeChangeRequestNumber(tx, request.spaceId);
    const cr = await insertChangeRequest(
      tx,
      {
        id: newId(),
        spaceId: request.spaceId,
        number,
        status: request.status,
        subject: request.subject,
        createdBy: request.userId,
        revisionId,
      },
      now,
    );
    await announce(
      tx,
      request.spaceId,
      ContentEvent.changeRequestCreated,
      { ...changeRequestFacts(cr, request.organizationId), createdBy: request.userId },
      now,
    );
    return cr;
  });
}

/** PATCH: `subject` and `status` (draft, open, archived; `merged` only by merging). A merged change request is final. */
export async function updateChangeRequest(
  db: SqlDatabase,
  target: { spaceId: string; organizationId: string; id: string },
  changes: { subject?: string; status?: Exclude<ChangeRequestStatus, 'merged'> },
  now: Date,
): Promise<ChangeRequest> {
  return db.transaction(async (tx) => {
    const cr = await lockChangeRequest(tx, target.spaceId, target.id);
    if (!cr) throw new Error(`change request ${target.id} vanished`);
    if (cr.status === 'merged' && changes.status !== undefined) throw conflict(`Change request #${cr.number} is merged: its status cannot change any more`);
    const updated = await updateChangeRequestFields(tx, cr.id, changes, now);
    await announce(
      tx,
      target.spaceId,
      ContentEvent.changeRequestUpdated,
      { ...changeRequestFacts(updated, target.organizationId), previousStatus: cr.status },
      now,
    );
    return updated;
  });
}
