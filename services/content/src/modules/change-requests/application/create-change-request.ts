import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import type { SqlDatabase } from '@quire/platform/sql';
import type { Caller } from '../../revisions';
import { type ContentHttpDeps } from '../../shared';
import type { Space } from '../../spaces';
import { changeRequestFacts } from '../domain/change-requests';
import type { ChangeRequest } from '../model/change-request';
import { authorizeSpaceFor } from '../policies/change-request.policy';
import { insertChangeRequestRow, takeChangeRequestNumber } from '../store/change-requests.store';

/** Opens a change request on a space (`create`). */
export async function createChangeRequest(
  deps: ContentHttpDeps,
  caller: Caller,
  input: { spaceId: string; subject: string },
): Promise<{ space: Space; changeRequest: ChangeRequest }> {
  const { space } = await authorizeSpaceFor(deps.db, deps.membership, input.spaceId, caller.userId, 'create');
  const request = { spaceId: space.id, organizationId: space.organizationId, userId: caller.userId, subject: input.subject, status: 'open' as const };
  return { space, changeRequest: await openChangeRequest(deps.db, request, deps.clock()) };
}

/**
 * The write of createChangeRequest, for a caller already authorized: a change request on main's
 * current revision, one row (no page is copied — the change request points at the same immutable
 * revision until something is imported into it), with its `change_request.created` event in the
 * same transaction. The number is taken under the space row's lock, so concurrent creates get
 * distinct numbers.
 */
export async function openChangeRequest(
  db: SqlDatabase,
  request: { spaceId: string; organizationId: string; userId: string; subject: string; status: 'draft' | 'open' },
  now: Date,
): Promise<ChangeRequest> {
  return db.transaction(async (tx) => {
    const { number, revisionId } = await takeChangeRequestNumber(tx, request.spaceId);
    const row = { id: newId(), spaceId: request.spaceId, number, status: request.status, subject: request.subject, createdBy: request.userId, revisionId };
    const cr = await insertChangeRequestRow(tx, row, now);
    const created = { ...changeRequestFacts(cr, request.organizationId), createdBy: request.userId };
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, request.spaceId, ContentEvent.changeRequestCreated, created), now);
    return cr;
  });
}
