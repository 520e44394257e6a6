import type { Role } from '@quire/access';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { authorizeDestination, authorizeInOrganization, keyAtEnd, levelOnContent, lockContentOrdering } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { insertEmptyRevision } from '../store/revisions.store';
import { insertSpaceRow, type NewSpace } from '../store/spaces.store';
import type { SpaceWithCounts } from '../model/space';

export type NewSpaceInput = Omit<NewSpace, 'id' | 'position' | 'revisionId'>;
export type CreateSpaceInput = Omit<NewSpaceInput, 'createdBy'>;

/** A new space: the `create` role in the organization, and `create` on the collection it lands in. */
export async function createSpace(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: CreateSpaceInput,
): Promise<{ space: SpaceWithCounts; level: Role | null }> {
  await authorizeInOrganization(membership, input.organizationId, caller.userId, 'createContent');
  if (input.parentId) await authorizeDestination(db, membership, input.organizationId, input.parentId, caller.userId);
  const space = await createSpaceWithRevision(db, { ...input, createdBy: caller.userId }, clock());
  return { space, level: await levelOnContent(db, membership, space, caller.userId) };
}

/** The command of createSpace, already authorized: a new space at the end of its parent, with its empty first revision. */
export async function createSpaceWithRevision(db: SqlDatabase, input: NewSpaceInput, now: Date): Promise<SpaceWithCounts> {
  return db.transaction(async (tx) => {
    await lockContentOrdering(tx, input.organizationId);
    const id = newId();
    const revisionId = newId();
    const position = await keyAtEnd(tx, { organizationId: input.organizationId, parentId: input.parentId, excludeId: null });
    const space = await insertSpaceRow(tx, { ...input, id, revisionId, position }, now);
    await insertEmptyRevision(tx, { id: revisionId, spaceId: id }, now);
    await enqueueEvent(
      tx,
      outboxEvent(CONTENT_TOPIC, id, ContentEvent.spaceCreated, { spaceId: id, organizationId: input.organizationId, parent: input.parentId }),
      now,
    );
    return space;
  });
}
