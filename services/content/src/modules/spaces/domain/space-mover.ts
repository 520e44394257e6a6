import { conflict } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { moveSpaceCustomFieldValues } from '../store/space-custom-field-values.store';
import { placeSpace } from '../store/space-placement.store';
import type { Space, SpaceWithCounts } from '../model/space';
import { moveWithinOrganization, transferToOrganization, type MoveTarget } from '../../content-tree';

/**
 * The visibility a space keeps at the top level: `in-collection` only exists inside a collection,
 * so a space taken out of one becomes `private` (the choice that exposes nothing new).
 */
export function visibilityAtTopLevel(visibility: string): string {
  return visibility === 'in-collection' ? 'private' : visibility;
}

/** Moves a space under `parentId` (null: the top level) at `position`; only its own row changes. */
export async function moveSpace(db: SqlDatabase, space: Space, target: MoveTarget, now: Date): Promise<SpaceWithCounts> {
  if (space.deletedAt) throw conflict(`Space ${space.id} is deleted; restore it first`);
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

/**
 * Transfers a space to another organization, at the end of its top level. Its revisions (and,
 * later, change requests and comments) stay attached to it; its custom-field values move to the
 * target organization's fields of the same name and type (the custom-fields rule: values with no
 * such field there are dropped, and the event counts them).
 */
export function transferSpace(db: SqlDatabase, space: Space, organizationId: string, now: Date): Promise<SpaceWithCounts> {
  const from = space.organizationId;
  return transferToOrganization(db, space, organizationId, {
    what: `Space ${space.id}`,
    check: async () => {
      if (space.deletedAt) throw conflict(`Space ${space.id} is deleted; restore it first`);
    },
    place: (tx, position) => placeSpace(tx, space.id, { organizationId, parentId: null, position, visibility: visibilityAtTopLevel(space.visibility) }, now),
    after: async (tx) => {
      const customFieldValues = await moveSpaceCustomFieldValues(tx, space.id, organizationId);
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
