import { typedSql, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';

const table = (db: SqlExecutor) => typedSql<Database>(db);

/** The empty first revision of a new space. */
export async function insertEmptyRevision(db: SqlExecutor, revision: { id: string; spaceId: string }, now: Date): Promise<void> {
  await table(db).insertInto('revisions').values({ id: revision.id, space_id: revision.spaceId, parents: [], created_at: now }).execute();
}

/**
 * A copy of revision `fromId` for another space (duplicate): same parents, type and content, new
 * id. The manifest is copied; bodies and blobs are shared by hash, so nothing else is written.
 */
export async function copyRevision(db: SqlExecutor, fromId: string, revision: { id: string; spaceId: string }, now: Date): Promise<void> {
  await table(db)
    .insertInto('revisions')
    .columns(['id', 'space_id', 'parents', 'type', 'tree', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('revisions')
        .select([eb.val(revision.id).as('id'), eb.val(revision.spaceId).as('space_id'), 'parents', 'type', 'tree', eb.val(now).as('created_at')])
        .where('id', '=', fromId),
    )
    .execute();
}
