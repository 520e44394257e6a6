import type { SqlExecutor } from '@quire/common';

/** The empty first revision of a new space. */
export async function insertEmptyRevision(tx: SqlExecutor, revision: { id: string; spaceId: string }, now: Date): Promise<void> {
  await tx.query('INSERT INTO revisions (id, space_id, parents, created_at) VALUES ($1, $2, $3, $4)', [revision.id, revision.spaceId, [], now]);
}

/**
 * A copy of revision `fromId` for another space (duplicate): same parents, new id. Pages and
 * files, once they exist, are copied along with it by the space-content work.
 */
export async function copyRevision(tx: SqlExecutor, fromId: string, revision: { id: string; spaceId: string }, now: Date): Promise<void> {
  await tx.query('INSERT INTO revisions (id, space_id, parents, created_at) SELECT $2, $3, parents, $4 FROM revisions WHERE id = $1', [
    fromId,
    revision.id,
    revision.spaceId,
    now,
  ]);
}
