import type { Role } from '@quire/access';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import type { Caller, ContentAppDeps } from '../../shared';
import { checkRestorable, restoreExpired, retentionCutoff } from '../domain/space-retention';
import { authorizeSpace } from '../policies/space.policy';
import { restoreSpaceDeletedAfter } from '../store/spaces.store';
import type { Space, SpaceWithCounts } from '../model/space';

/** Restores a deleted space not yet purged. */
export async function restoreSpace(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string },
): Promise<{ space: SpaceWithCounts; level: Role }> {
  const { space, level } = await authorizeSpace(db, membership, input.spaceId, caller.userId, 'restore');
  return { space: await restoreDeletedSpace(db, space, clock()), level };
}

/** The command of restoreSpace: restores a space deleted less than 7 days ago (else 409 or 410). */
export async function restoreDeletedSpace(db: SqlDatabase, space: Space, now: Date): Promise<SpaceWithCounts> {
  checkRestorable(space, now);
  return db.transaction(async (tx) => {
    const row = await restoreSpaceDeletedAfter(tx, space.id, retentionCutoff(now), now);
    if (!row) throw restoreExpired(space);
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, space.id, ContentEvent.spaceRestored, { spaceId: space.id, organizationId: space.organizationId }), now);
    return row;
  });
}
