import type { Role } from '@quire/access';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { authorizeInOrganization, dropGrantsOn, levelOnContent, transferToOrganization } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { visibilityAtTopLevel } from '../domain/space-visibility';
import { refuseDeleted } from '../domain/spaces';
import { authorizeSpace } from '../policies/space.policy';
import { moveSpaceCustomFieldValues } from '../store/space-custom-field-values.store';
import { placeSpace } from '../store/spaces.store';
import type { Space, SpaceWithCounts } from '../model/space';

/** Moves a space to another organization: admin of the space here and admin of the target (a non-member of it: 404). */
export async function transferSpace(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string; organizationId: string },
): Promise<{ space: SpaceWithCounts; level: Role | null }> {
  const { space } = await authorizeSpace(db, membership, input.spaceId, caller.userId, 'transfer');
  await authorizeInOrganization(membership, input.organizationId, caller.userId, 'receiveTransfer');
  const moved = await moveSpaceToOrganization(db, space, input.organizationId, clock());
  return { space: moved, level: await levelOnContent(db, membership, moved, caller.userId) };
}

/**
 * The command of transferSpace: the space goes to the end of the other organization's top level.
 * Its revisions (and, later, change requests and comments) stay attached to it; its custom-field
 * values move to the target organization's fields of the same name and type (the custom-fields
 * rule: values with no such field there are dropped, and the event counts them).
 */
export function moveSpaceToOrganization(db: SqlDatabase, space: Space, organizationId: string, now: Date): Promise<SpaceWithCounts> {
  const from = space.organizationId;
  return transferToOrganization(db, space, organizationId, {
    what: `Space ${space.id}`,
    check: async () => refuseDeleted(space),
    place: (tx, position) => placeSpace(tx, space.id, { organizationId, parentId: null, position, visibility: visibilityAtTopLevel(space.visibility) }, now),
    after: async (tx) => {
      const customFieldValues = await moveSpaceCustomFieldValues(tx, space.id, organizationId);
      // Grants name the old organization's people and teams: they stay behind.
      await dropGrantsOn(tx, from, [space.id], now);
      await enqueueEvent(
        tx,
        outboxEvent(CONTENT_TOPIC, space.id, ContentEvent.spaceTransferred, {
          spaceId: space.id,
          from,
          to: organizationId,
          previousParent: space.parentId,
          customFieldValues,
        }),
        now,
      );
    },
  });
}
