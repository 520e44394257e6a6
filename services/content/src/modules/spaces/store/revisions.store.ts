import type { SqlExecutor } from '@quire/platform/sql';

/** The empty first revision of a new space. */
export async function insertEmptyRevision(tx: SqlExecutor, revision: { id: string; spaceId: string }, now: Date): Promise<void> {
  await tx.query('INSERT INTO revisions (id, space_id, parents, created_at) VALUES ($1, $2, $3, $4)', [revision.id, revision.spaceId, [], now]);
}

/**
 * A copy of revision `fromId` for another space (duplicate): same parents, type and content, new
 * id. The manifest is copied; bodies and blobs are shared by hash, so nothing else is written.
 */
export async function copyRevision(tx: SqlExecutor, fromId: string, revision: { id: string; spaceId: string }, now: Date): Promise<void> {
  await tx.query('INSERT INTO revisions (id, space_id, parents, type, tree, created_at) SELECT $2, $3, parents, type, tree, $4 FROM revisions WHERE id = $1', [
    fromId,
    revision.id,
    revision.spaceId,
    now,
  ]);
}
