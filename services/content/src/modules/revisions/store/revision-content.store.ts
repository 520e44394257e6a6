import { queryOne, queryRows, type SqlExecutor } from '@quire/platform/sql';
import type { TargetKind } from '@quire/formats';
import type { RevisionTree, StoredFile } from '../model/revision-tree';
import type { GitBlobRecord, GitCommitRecord, Revision, RevisionType } from '../model/revision';

const REVISION = `id, space_id AS "spaceId", parents, type, tree, merged_from AS "mergedFrom", created_at AS "createdAt",
  git_commit AS "gitCommit", git_blobs AS "gitBlobs"`;

export function findRevision(db: SqlExecutor, spaceId: string, revisionId: string): Promise<Revision | null> {
  return queryOne<Revision>(db, `SELECT ${REVISION} FROM revisions WHERE id = $1 AND space_id = $2`, [revisionId, spaceId]);
}

export async function insertRevision(
  tx: SqlExecutor,
  revision: { id: string; spaceId: string; parents: string[]; type: RevisionType; tree: RevisionTree; createdBy: string | null; mergedFrom?: string },
  now: Date,
): Promise<void> {
  await tx.query('INSERT INTO revisions (id, space_id, parents, type, tree, created_by, created_at, merged_from) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
    revision.id,
    revision.spaceId,
    revision.parents,
    revision.type,
    JSON.stringify(revision.tree),
    revision.createdBy,
    now,
    revision.mergedFrom ?? null,
  ]);
}

/** Records the Git commit a revision came from or was pushed as, and its pages' and files' blobs in it. */
export async function setRevisionGit(tx: SqlExecutor, revisionId: string, commit: GitCommitRecord, blobs: Record<string, GitBlobRecord>): Promise<void> {
  await tx.query('UPDATE revisions SET git_commit = $2, git_blobs = $3 WHERE id = $1', [revisionId, JSON.stringify(commit), JSON.stringify(blobs)]);
}

/** Stores bodies not stored yet and touches the others (one statement however many). */
export async function insertBodies(
  tx: SqlExecutor,
  bodies: { hash: string; markdown: string; links: { target: string; kind: TargetKind }[] }[],
): Promise<void> {
  if (!bodies.length) return;
  await tx.query(
    `INSERT INTO page_bodies (hash, markdown, links)
     SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[]) ON CONFLICT (hash) DO UPDATE SET touched_at = now()`,
    [bodies.map((b) => b.hash), bodies.map((b) => b.markdown), bodies.map((b) => JSON.stringify(b.links))],
  );
}

export async function findBodies(db: SqlExecutor, hashes: readonly string[]): Promise<Map<string, string>> {
  if (!hashes.length) return new Map();
  const rows = await queryRows<{ hash: string; markdown: string }>(db, 'SELECT hash, markdown FROM page_bodies WHERE hash = ANY($1)', [[...new Set(hashes)]]);
  return new Map(rows.map((r) => [r.hash, r.markdown]));
}

/** The link and image targets stored with each body (link-targets.ts), in one query however many bodies. */
export async function findBodyLinks(db: SqlExecutor, hashes: readonly string[]): Promise<Map<string, { target: string; kind: TargetKind }[]>> {
  if (!hashes.length) return new Map();
  const rows = await queryRows<{ hash: string; links: { target: string; kind: TargetKind }[] | null }>(
    db,
    'SELECT hash, links FROM page_bodies WHERE hash = ANY($1)',
    [[...new Set(hashes)]],
  );
  return new Map(rows.map((r) => [r.hash, r.links ?? []]));
}

/** The space row locked for a content write: the revision it points at and its edit mode. */
export function lockSpaceContent(tx: SqlExecutor, spaceId: string): Promise<{ revisionId: string; editMode: string; deletedAt: Date | null } | null> {
  return queryOne(tx, `SELECT revision_id AS "revisionId", edit_mode AS "editMode", deleted_at AS "deletedAt" FROM spaces WHERE id = $1 FOR UPDATE`, [spaceId]);
}

export async function setCurrentRevision(tx: SqlExecutor, spaceId: string, revisionId: string, now: Date): Promise<void> {
  await tx.query('UPDATE spaces SET revision_id = $2, updated_at = $3 WHERE id = $1', [spaceId, revisionId, now]);
}

/** One file of a revision (any space): what a signed download link serves. */
export function findFileDownload(db: SqlExecutor, revisionId: string, fileId: string): Promise<StoredFile | null> {
  return queryOne<{ file: StoredFile }>(db, `SELECT f AS file FROM revisions r, jsonb_array_elements(r.tree->'files') f WHERE r.id = $1 AND f->>'id' = $2`, [
    revisionId,
    fileId,
  ]).then((row) => row?.file ?? null);
}

/** Records (or touches) the blobs an import is about to store. */
export async function touchBlobs(db: SqlExecutor, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await db.query('INSERT INTO content_blobs (key) SELECT unnest($1::text[]) ON CONFLICT (key) DO UPDATE SET touched_at = now()', [[...new Set(keys)]]);
}

/**
 * Removes the bodies no revision uses and not touched within `graceSeconds` (an import in flight
 * touches what it reuses), and answers the blob keys in the same situation (their bytes go from
 * the blob store first, then `forgetBlobs`).
 */
export async function deleteUnusedBodies(db: SqlExecutor, graceSeconds: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM page_bodies b WHERE b.touched_at < now() - make_interval(secs => $1)
       AND NOT EXISTS (SELECT 1 FROM revisions r WHERE r.tree @> jsonb_build_object('pages', jsonb_build_array(jsonb_build_object('body', b.hash))))`,
    [graceSeconds],
  );
  return rowCount;
}

export async function findUnusedBlobs(db: SqlExecutor, graceSeconds: number, limit: number): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    db,
    `SELECT key FROM content_blobs c WHERE c.touched_at < now() - make_interval(secs => $1)
       AND NOT EXISTS (SELECT 1 FROM revisions r WHERE r.tree @> jsonb_build_object('files', jsonb_build_array(jsonb_build_object('blob', c.key))))
     LIMIT $2`,
    [graceSeconds, limit],
  );
  return rows.map((r) => r.key);
}

/** Forgets blobs whose bytes were removed, unless an import touched them meanwhile. */
export async function forgetBlobs(db: SqlExecutor, keys: readonly string[], graceSeconds: number): Promise<void> {
  if (keys.length) await db.query('DELETE FROM content_blobs WHERE key = ANY($1) AND touched_at < now() - make_interval(secs => $2)', [keys, graceSeconds]);
}
