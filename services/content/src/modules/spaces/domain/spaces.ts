import { conflict, notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { newId } from '@quire/ids';
import { keyBetween } from '@quire/ordering';
import type { SqlDatabase } from '@quire/platform/sql';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { copySpaceCustomFieldValues } from '../store/space-custom-field-values.store';
import { lockOrdering, siblingKeyAbove, keyAtEnd } from '../../content-tree';
import { copyRevision, insertEmptyRevision } from '../store/revisions.store';
import { findSpaceById, insertSpace, insertSpaceCopy, updateSpace, type NewSpace } from '../store/spaces.store';
import type { SpaceChanges } from '../model/space-changes';
import type { Space, SpaceWithCounts } from '../model/space';

export type NewSpaceInput = Omit<NewSpace, 'id' | 'position' | 'revisionId'>;

/** A new space at the end of its parent, with its empty first revision. */
export async function createSpace(db: SqlDatabase, input: NewSpaceInput, now: Date): Promise<SpaceWithCounts> {
  return db.transaction(async (tx) => {
    await lockOrdering(tx, input.organizationId);
    const id = newId();
    const revisionId = newId();
    const position = await keyAtEnd(tx, { organizationId: input.organizationId, parentId: input.parentId, excludeId: null });
    const space = await insertSpace(tx, { ...input, id, revisionId, position }, now);
    await insertEmptyRevision(tx, { id: revisionId, spaceId: id }, now);
    await enqueueEvent(
      tx,
      outboxEvent(CONTENT_TOPIC, id, ContentEvent.spaceCreated, { spaceId: id, organizationId: input.organizationId, parent: input.parentId }),
      now,
    );
    return space;
  });
}

/** Applies a PATCH; the event names the fields that changed. An empty PATCH changes nothing. */
export async function updateSpaceFields(db: SqlDatabase, space: SpaceWithCounts, changes: SpaceChanges, now: Date): Promise<SpaceWithCounts> {
  if (space.deletedAt) throw conflict(`Space ${space.id} is deleted; restore it first`);
  const fields = Object.keys(changes).filter((k) => changes[k as keyof SpaceChanges] !== undefined);
  if (fields.length === 0) return space;
  return db.transaction(async (tx) => {
    const row = await updateSpace(tx, space.id, changes, now);
    if (!row) throw notFound(`Space ${space.id} not found`);
    // Webhooks' space_visibility_updated (the reference's shape) carries both visibilities.
    const visibility = changes.visibility === undefined ? {} : { visibility: row.visibility, previousVisibility: space.visibility };
    await enqueueEvent(
      tx,
      outboxEvent(CONTENT_TOPIC, space.id, ContentEvent.spaceUpdated, { spaceId: space.id, organizationId: space.organizationId, fields, ...visibility }),
      now,
    );
    return row;
  });
}

/**
 * A new space right after `source` with its settings, a copy of its current revision (its content)
 * and its custom-field values. Change requests and comments are not copied.
 */
export async function duplicateSpace(db: SqlDatabase, source: Space, createdBy: string, now: Date): Promise<SpaceWithCounts> {
  if (source.deletedAt) throw conflict(`Space ${source.id} is deleted; restore it first`);
  return db.transaction(async (tx) => {
    await lockOrdering(tx, source.organizationId);
    // Read again under the lock: the source may have moved since the caller loaded it.
    const current = await findSpaceById(tx, source.id);
    if (!current || current.organizationId !== source.organizationId) throw notFound(`Space ${source.id} not found`);
    const scope = { organizationId: current.organizationId, parentId: current.parentId, excludeId: null };
    const position = keyBetween(current.position, await siblingKeyAbove(tx, scope, current.position));
    const id = newId();
    const revisionId = newId();
    const copy = await insertSpaceCopy(tx, source.id, { id, revisionId, position, createdBy }, now);
    await copyRevision(tx, current.revisionId, { id: revisionId, spaceId: id }, now);
    await copySpaceCustomFieldValues(tx, source.id, id, now);
    await enqueueEvent(
      tx,
      outboxEvent(CONTENT_TOPIC, id, ContentEvent.spaceCreated, {
        spaceId: id,
        organizationId: source.organizationId,
        parent: current.parentId,
        duplicatedFrom: source.id,
      }),
      now,
    );
    return copy;
  });
}
