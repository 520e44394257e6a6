import { sql, typedSql, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { TargetKind } from '@quire/formats';
import type { Database, RevisionsTable } from '../../../database';
import type { RevisionTree, StoredFile } from '../model/revision-tree';
import type { GitBlobRecord, GitCommitRecord, Revision, RevisionType } from '../model/revision';

const table = (db: SqlExecutor) => typedSql<Database>(db);

// type is a TEXT column only written with the model's values; tree, git_commit and git_blobs are JSONB this store writes.
function revisionOf(row: Selectable<RevisionsTable>): Revision {
  return {
    id: row.id,
    spaceId: row.space_id,
    parents: row.parents,
    type: row.type as RevisionType,
    tree: row.tree as RevisionTree,
    mergedFrom: row.merged_from,
    createdAt: row.created_at,
    gitCommit: row.git_commit as GitCommitRecord | null,
    gitBlobs: row.git_blobs as Record<string, GitBlobRecord> | null,
  };
}

export async function findRevisionRow(db: SqlExecutor, spaceId: string, revisionId: string): Promise<Revision | null> {
  const row = await table(db).selectFrom('revisions').selectAll().where('id', '=', revisionId).where('space_id', '=', spaceId).executeTakeFirst();
  return row ? revisionOf(row) : null;
}

export interface NewRevision {
  id: string;
  spaceId: string;
  parents: string[];
  type: RevisionType;
  tree: RevisionTree;
  createdBy: string | null;
  mergedFrom?: string;
}

export async function insertRevisionRow(tx: SqlExecutor, revision: NewRevision, now: Date): Promise<void> {
  await table(tx)
    .insertInto('revisions')
    .values({
      id: revision.id,
      space_id: revision.spaceId,
      parents: revision.parents,
      type: revision.type,
      tree: JSON.stringify(revision.tree),
      created_by: revision.createdBy,
      created_at: now,
      merged_from: revision.mergedFrom ?? null,
    })
    .execute();
}

/** Records the Git commit a revision came from or was pushed as, and its pages' and files' blobs in it. */
export async function updateRevisionGit(tx: SqlExecutor, revisionId: string, commit: GitCommitRecord, blobs: Record<string, GitBlobRecord>): Promise<void> {
  await table(tx)
    .updateTable('revisions')
    .set({ git_commit: JSON.stringify(commit), git_blobs: JSON.stringify(blobs) })
    .where('id', '=', revisionId)
    .execute();
}

export interface NewBody {
  hash: string;
  markdown: string;
  links: { target: string; kind: TargetKind }[];
}

/** Stores bodies not stored yet and touches the others (one statement however many: unnest takes three parameters, VALUES three per body). */
export async function insertBodyRows(tx: SqlExecutor, bodies: readonly NewBody[]): Promise<void> {
  if (!bodies.length) return;
  await sql`INSERT INTO page_bodies (hash, markdown, links)
    SELECT * FROM unnest(${bodies.map((b) => b.hash)}::text[], ${bodies.map((b) => b.markdown)}::text[], ${bodies.map((b) => JSON.stringify(b.links))}::jsonb[])
    ON CONFLICT (hash) DO UPDATE SET touched_at = now()`.execute(table(tx));
}

const anyOf = (values: readonly string[]) => sql<string>`ANY(${[...new Set(values)]})`;

export async function findBodyRows(db: SqlExecutor, hashes: readonly string[]): Promise<Map<string, string>> {
  if (!hashes.length) return new Map();
  const rows = await table(db).selectFrom('page_bodies').select(['hash', 'markdown']).where('hash', '=', anyOf(hashes)).execute();
  return new Map(rows.map((r) => [r.hash, r.markdown]));
}

/** The link and image targets stored with each body (link-targets.ts), in one query however many bodies. */
export async function findBodyLinkRows(db: SqlExecutor, hashes: readonly string[]): Promise<Map<string, { target: string; kind: TargetKind }[]>> {
  if (!hashes.length) return new Map();
  const rows = await table(db).selectFrom('page_bodies').select(['hash', 'links']).where('hash', '=', anyOf(hashes)).execute();
  return new Map(rows.map((r) => [r.hash, (r.links as { target: string; kind: TargetKind }[] | null) ?? []]));
}

/** The space row locked for a content write: the revision it points at and its edit mode. */
export async function lockSpaceRow(tx: SqlExecutor, spaceId: string): Promise<{ revisionId: string; editMode: string; deletedAt: Date | null } | null> {
  const row = await table(tx).selectFrom('spaces').select(['revision_id', 'edit_mode', 'deleted_at']).where('id', '=', spaceId).forUpdate().executeTakeFirst();
  return row ? { revisionId: row.revision_id, editMode: row.edit_mode, deletedAt: row.deleted_at } : null;
}

export async function updateSpaceRevision(tx: SqlExecutor, spaceId: string, revisionId: string, now: Date): Promise<void> {
  await table(tx).updateTable('spaces').set({ revision_id: revisionId, updated_at: now }).where('id', '=', spaceId).execute();
}

/** One file of a revision (any space): what a signed download link serves. */
export async function findFileInRevision(db: SqlExecutor, revisionId: string, fileId: string): Promise<StoredFile | null> {
  const { rows } = await sql<{ file: StoredFile }>`SELECT f AS file FROM revisions r, jsonb_array_elements(r.tree->'files') f
    WHERE r.id = ${revisionId} AND f->>'id' = ${fileId}`.execute(table(db));
  return rows[0]?.file ?? null;
}

/** Records (or touches) the blobs an import is about to store. */
export async function touchBlobRows(db: SqlExecutor, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await sql`INSERT INTO content_blobs (key) SELECT unnest(${[...new Set(keys)]}::text[]) ON CONFLICT (key) DO UPDATE SET touched_at = now()`.execute(table(db));
}

const untouchedFor = (graceSeconds: number) => sql<Date>`now() - make_interval(secs => ${graceSeconds})`;

/**
 * Removes the bodies no revision uses and not touched within `graceSeconds` (an import in flight
 * touches what it reuses), and answers the blob keys in the same situation (their bytes go from
 * the blob store first, then `forgetBlobs`).
 */
export async function deleteUnusedBodies(db: SqlExecutor, graceSeconds: number): Promise<number> {
  const { numDeletedRows } = await table(db)
    .deleteFrom('page_bodies as b')
    .where('b.touched_at', '<', untouchedFor(graceSeconds))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('revisions as r')
            .select(sql`1`.as('one'))
            .where(sql<boolean>`r.tree @> jsonb_build_object('pages', jsonb_build_array(jsonb_build_object('body', b.hash)))`),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(numDeletedRows);
}

export async function findUnusedBlobs(db: SqlExecutor, graceSeconds: number, limit: number): Promise<string[]> {
  const rows = await table(db)
    .selectFrom('content_blobs as c')
    .select('c.key')
    .where('c.touched_at', '<', untouchedFor(graceSeconds))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('revisions as r')
            .select(sql`1`.as('one'))
            .where(sql<boolean>`r.tree @> jsonb_build_object('files', jsonb_build_array(jsonb_build_object('blob', c.key)))`),
        ),
      ),
    )
    .limit(limit)
    .execute();
  return rows.map((r) => r.key);
}

/** Forgets blobs whose bytes were removed, unless an import touched them meanwhile. */
export async function forgetBlobs(db: SqlExecutor, keys: readonly string[], graceSeconds: number): Promise<void> {
  if (keys.length) {
    await table(db)
      .deleteFrom('content_blobs')
      .where('key', '=', sql<string>`ANY(${[...keys]})`)
      .where('touched_at', '<', untouchedFor(graceSeconds))
      .execute();
  }
}
