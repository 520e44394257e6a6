import type { Role } from '@quire/access';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { badRequest, notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import type { Caller, ContentAppDeps } from '../../shared';
import { changedSpaceFields, refuseDeleted } from '../domain/spaces';
import { authorizeSpace } from '../policies/space.policy';
import { updateSpaceRow } from '../store/spaces.store';
import type { SpaceChanges } from '../model/space-changes';
import type { SpaceWithCounts } from '../model/space';

/** Why `in-collection` needs a collection (the input layer's message for the field). */
export const IN_COLLECTION_ONLY = 'in-collection is only for spaces in a collection';

/** Changes a space's fields: who sees it (defaultLevel, visibility) and its merge rules need `configure`, the rest `edit`. */
export async function updateSpace(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string; changes: SpaceChanges },
): Promise<{ space: SpaceWithCounts; level: Role }> {
  const { changes } = input;
  const configures = changes.defaultLevel !== undefined || changes.visibility !== undefined || changes.mergeRules !== undefined;
  const action = configures ? 'configure' : 'edit';
  const { space, level } = await authorizeSpace(db, membership, input.spaceId, caller.userId, action);
  if (changes.visibility === 'in-collection' && !space.parentId) throw badRequest(`Invalid body field "visibility": ${IN_COLLECTION_ONLY}`);
  return { space: await updateSpaceFields(db, space, changes, clock()), level };
}

/** The command of updateSpace: applies a PATCH; the event names the fields that changed. An empty PATCH changes nothing. */
export async function updateSpaceFields(db: SqlDatabase, space: SpaceWithCounts, changes: SpaceChanges, now: Date): Promise<SpaceWithCounts> {
  refuseDeleted(space);
  const fields = changedSpaceFields(changes);
  if (fields.length === 0) return space;
  return db.transaction(async (tx) => {
    const row = await updateSpaceRow(tx, space.id, changes, now);
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
