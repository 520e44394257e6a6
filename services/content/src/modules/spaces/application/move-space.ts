import type { Role } from '@quire/access';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { authorizeMoveTarget, moveWithinOrganization, type MoveTarget } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { visibilityAtTopLevel } from '../domain/space-visibility';
import { refuseDeleted } from '../domain/spaces';
import { authorizeSpace } from '../policies/space.policy';
import { placeSpace } from '../store/spaces.store';
import type { Space, SpaceWithCounts } from '../model/space';

/** Moves a space among its siblings or into another collection; `parent` omitted: it stays in its collection. */
export async function moveSpace(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string; parent?: string | null; position?: MoveTarget['position'] },
): Promise<{ space: SpaceWithCounts; level: Role }> {
  const { space, level } = await authorizeSpace(db, membership, input.spaceId, caller.userId, 'move');
  const parentId = await authorizeMoveTarget(db, membership, space, input.parent, caller.userId);
  return { space: await moveSpaceWithin(db, space, { parentId, position: input.position }, clock()), level };
}

/** The command of moveSpace: the space goes under `parentId` (null: the top level) at `position`; only its own row changes. */
export async function moveSpaceWithin(db: SqlDatabase, space: Space, target: MoveTarget, now: Date): Promise<SpaceWithCounts> {
  refuseDeleted(space);
  const organizationId = space.organizationId;
  const visibility = target.parentId === null ? visibilityAtTopLevel(space.visibility) : space.visibility;
  return moveWithinOrganization(db, space, target, {
    what: `Space ${space.id}`,
    place: (tx, position) => placeSpace(tx, space.id, { organizationId, parentId: target.parentId, position, visibility }, now),
    after: async (tx) => {
      await enqueueEvent(
        tx,
        outboxEvent(CONTENT_TOPIC, space.id, ContentEvent.spaceMoved, {
          spaceId: space.id,
          organizationId,
          parent: target.parentId,
          previousParent: space.parentId,
        }),
        now,
      );
    },
  });
}
