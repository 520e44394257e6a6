import type { Role } from '@quire/access';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { authorizeDestination, authorizeInOrganization, keyRightAfter, levelOnContent, lockContentOrdering } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { refuseDeleted } from '../domain/spaces';
import { authorizeSpace } from '../policies/space.policy';
import { copyRevision } from '../store/revisions.store';
import { copySpaceCustomFieldValues } from '../store/space-custom-field-values.store';
import { findSpace, insertSpaceCopy } from '../store/spaces.store';
import type { Space, SpaceWithCounts } from '../model/space';

/** A copy of a space is new content: it needs the `create` role, and `create` on the collection it lands in. */
export async function duplicateSpace(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string },
): Promise<{ space: SpaceWithCounts; level: Role | null }> {
  const { userId } = caller;
  const { space } = await authorizeSpace(db, membership, input.spaceId, userId, 'duplicate');
  await authorizeInOrganization(membership, space.organizationId, userId, 'createContent');
  if (space.parentId) await authorizeDestination(db, membership, space.organizationId, space.parentId, userId);
  const copy = await copySpace(db, space, userId, clock());
  return { space: copy, level: await levelOnContent(db, membership, copy, userId) };
}

/**
 * The command of duplicateSpace: a new space right after `source` with its settings, a copy of
 * its current revision (its content) and its custom-field values. Change requests and comments
 * are not copied.
 */
export async function copySpace(db: SqlDatabase, source: Space, createdBy: string, now: Date): Promise<SpaceWithCounts> {
  refuseDeleted(source);
  return db.transaction(async (tx) => {
    await lockContentOrdering(tx, source.organizationId);
    // Read again under the lock: the source may have moved since the caller loaded it.
    const current = await findSpace(tx, source.id);
    if (!current || current.organizationId !== source.organizationId) throw notFound(`Space ${source.id} not found`);
    const scope = { organizationId: current.organizationId, parentId: current.parentId, excludeId: null };
    const position = await keyRightAfter(tx, scope, current.position);
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
