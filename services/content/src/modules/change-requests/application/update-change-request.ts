import { conflict } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import type { Caller } from '../../revisions';
import { type ContentHttpDeps } from '../../shared';
import type { Space } from '../../spaces';
import { changeRequestFacts } from '../domain/change-requests';
import type { ChangeRequest, ChangeRequestStatus } from '../model/change-request';
import { authorizeChangeRequest } from '../policies/change-request.policy';
import { lockChangeRequest, updateChangeRequestFields } from '../store/change-requests.store';

/**
 * PATCH a change request (`edit`): `subject` and `status` (draft, open, archived; `merged` only by
 * merging — a merged change request is final), with its `change_request.updated` event in the same
 * transaction.
 */
export async function updateChangeRequest(
  deps: ContentHttpDeps,
  caller: Caller,
  input: { spaceId: string; changeRequestId: string; subject?: string; status?: Exclude<ChangeRequestStatus, 'merged'> },
): Promise<{ space: Space; changeRequest: ChangeRequest }> {
  const { space, changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'edit');
  const changes = { ...(input.subject !== undefined ? { subject: input.subject } : {}), ...(input.status !== undefined ? { status: input.status } : {}) };
  const now = deps.clock();
  const updated = await deps.db.transaction(async (tx) => {
    const cr = await lockChangeRequest(tx, space.id, changeRequest.id);
    if (!cr) throw new Error(`change request ${changeRequest.id} vanished`);
    if (cr.status === 'merged' && changes.status !== undefined) throw conflict(`Change request #${cr.number} is merged: its status cannot change any more`);
    const row = await updateChangeRequestFields(tx, cr.id, changes, now);
    const event = { ...changeRequestFacts(row, space.organizationId), previousStatus: cr.status };
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, space.id, ContentEvent.changeRequestUpdated, event), now);
    return row;
  });
  return { space, changeRequest: updated };
}
