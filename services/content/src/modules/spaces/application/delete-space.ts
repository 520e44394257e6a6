import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import type { Caller, ContentAppDeps } from '../../shared';
import { authorizeSpace } from '../policies/space.policy';
import { markSpaceDeleted } from '../store/spaces.store';
import type { Space } from '../model/space';

/** Deletes a space (kept for its retention time); false when it was deleted already. */
export async function deleteSpace({ db, membership, clock }: ContentAppDeps, caller: Caller, input: { spaceId: string }): Promise<boolean> {
  const { space } = await authorizeSpace(db, membership, input.spaceId, caller.userId, 'delete');
  return softDeleteSpace(db, space, clock());
}

/** The command of deleteSpace: deletes a space (restorable for 7 days); false when it was deleted already. */
export async function softDeleteSpace(db: SqlDatabase, space: Space, now: Date): Promise<boolean> {
  if (space.deletedAt) return false;
  return db.transaction(async (tx) => {
    const row = await markSpaceDeleted(tx, space.id, now);
    if (!row) return false;
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, space.id, ContentEvent.spaceDeleted, { spaceId: space.id, organizationId: space.organizationId }), now);
    return true;
  });
}
