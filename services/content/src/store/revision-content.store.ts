import { queryOne, queryRows, type SqlExecutor } from '@quire/common';
import type { RevisionTree, StoredFile } from '../domain/content/revision-tree';
import type { TargetKind } from '../domain/content/link-targets';

export type RevisionType = 'edits' | 'merge' | 'update' | 'rollback';

export interface RevisionRow {
  id: string;
  spaceId: string;
  parents: string[];
  type: RevisionType;
  tree: RevisionTree;
  createdAt: Date;
}

const REVISION = `id, space_id AS "spaceId", parents, type, tree, created_at AS "createdAt"`;

export function findRevision(db: SqlExecutor, spaceId: string, revisionId: string): Promise<RevisionRow | null> {
  return queryOne<RevisionRow>(db, `SELECT ${REVISION} FROM revisions WHERE id = $1 AND space_id = $2`, [revisionId, spaceId]);
}

export async function insertRevision(
  tx: SqlExecutor,
  revision: { id: string; spaceId: string; parents: string[]; type: RevisionType; tree: RevisionTree; createdBy: string | null },
  now: Date,
): Promise<void> {
  await tx.query('INSERT INTO revisions (id, space_id, parents, type, tree, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    revision.id,
    revision.spaceId,
    revision.parents,
    revision.type,
    JSON.stringify(revision.tree),
    revision.createdBy,
    now,
  ]);
}

/** Stores bodies not stored yet (one statement however many). */
export async function insertBodies(
  tx: SqlExecutor,
  bodies: { hash: string; markdown: string; links: { target: string; kind: TargetKind }[] }[],
): Promise<void> {
  if (!bodies.length) return;
  await tx.query(
    `INSERT INTO page_bodies (hash, markdown, links)
     SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[]) ON CONFLICT (hash) DO NOTHING`,
    [bodies.map((b) => b.hash), bodies.map((b) => b.markdown), bodies.map((b) => JSON.stringify(b.links))],
  );
}

export async function findBodies(db: SqlExecutor, hashes: readonly string[]): Promise<Map<string, string>> {
  if (!hashes.length) return new Map();
  const rows = await queryRows<{ hash: string; markdown: string }>(db, 'SELECT hash, markdown FROM page_bodies WHERE hash = ANY($1)', [[...new Set(hashes)]]);
  return new Map(rows.map((r) => [r.hash, r.markdown]));
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
