import { conflict, notFound, type SqlDatabase } from '@quire/common';
import { announce } from '../events/announce';
import { ContentEvent } from '../events/content-events';
import { moveSpaceCustomFieldValues } from '../store/custom-field-values.store';
import { lockOrdering } from '../store/ordering.store';
import { placeSpace } from '../store/space-placement.store';
import type { SpaceRow, SpaceWithCounts } from '../store/spaces.store';
import { keyAtEnd, keyForPosition, type ContentPosition } from './content-position';

/**
 * The visibility a space keeps at the top level: `in-collection` only exists inside a collection,
 * so a space taken out of one becomes `private` (the choice that exposes nothing new).
 */
export function visibilityAtTopLevel(visibility: string): string {
  return visibility === 'in-collection' ? 'private' : visibility;
}

/** Moves a space under `parentId` (null: the top level) at `position`; only its own row changes. */
export async function moveSpace(
  db: SqlDatabase,
  space: SpaceRow,
  target: { parentId: string | null; position?: ContentPosition },
  now: Date,
): Promise<SpaceWithCounts> {
  if (space.deleted_at) throw conflict(`Space ${space.id} is deleted; restore it first`);
  const organizationId = space.organization_id;
  return db.transaction(async (tx) => {
    await lockOrdering(tx, organizationId);
    const position = await keyForPosition(tx, { organizationId, parentId: target.parentId, excludeId: space.id }, target.position);
    const visibility = target.parentId === null ? visibilityAtTopLevel(space.visibility) : space.visibility;
    const moved = await placeSpace(tx, space.id, { organizationId, parentId: target.parentId, position, visibility }, now);
    if (!moved) throw notFound(`Space ${space.id} not found`);
    await announce(tx, space.id, ContentEvent.spaceMoved, { spaceId: space.id, organizationId, parent: target.parentId, previousParent: space.parent_id }, now);
    return moved;
  });
}

/**
 * Transfers a space to another organization, at the end of its top level. Its revisions (and,
 * later, change requests and comments) stay attached to it; its custom-field values move to the
 * target organization's fields of the same name and type (the custom-fields rule: values with no
 * such field there are dropped, and the event counts them).
 */
export async function transferSpace(db: SqlDatabase, space: SpaceRow, organizationId: string, now: Date): Promise<SpaceWithCounts> {
  const from = space.organization_id;
  if (organizationId === from) throw conflict(`Space ${space.id} already belongs to organization ${organizationId}`);
  if (space.deleted_at) throw conflict(`Space ${space.id} is deleted; restore it first`);
  return db.transaction(async (tx) => {
    // Lock both organizations in one global order so two opposite transfers cannot deadlock.
    for (const org of [from, organizationId].sort()) await lockOrdering(tx, org);
    const position = await keyAtEnd(tx, { organizationId, parentId: null, excludeId: space.id });
    const moved = await placeSpace(tx, space.id, { organizationId, parentId: null, position, visibility: visibilityAtTopLevel(space.visibility) }, now);
    if (!moved) throw notFound(`Space ${space.id} not found`);
    const customFieldValues = await moveSpaceCustomFieldValues(tx, space.id, organizationId);
    await announce(
      tx,
      space.id,
      ContentEvent.spaceTransferred,
      { spaceId: space.id, from, to: organizationId, previousParent: space.parent_id, customFieldValues },
      now,
    );
    return moved;
  });
}
