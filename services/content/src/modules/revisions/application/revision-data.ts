import type { TargetKind } from '@quire/formats';
import type { SqlExecutor } from '@quire/platform/sql';
import {
  findBodyLinkRows,
  findBodyRows,
  findFileInRevision,
  findRevisionRow,
  insertBodyRows,
  insertRevisionRow,
  lockSpaceRow,
  updateRevisionGit,
  updateSpaceRevision,
  type NewBody,
  type NewRevision,
} from '../store/revision-content.store';
import type { GitBlobRecord, GitCommitRecord, Revision } from '../model/revision';
import type { StoredFile } from '../model/revision-tree';

// The revisions other modules' use cases read and write, in the caller's transaction (`db` may be one):
// the doors to this module's store that its face opens.

export function findRevision(db: SqlExecutor, spaceId: string, revisionId: string): Promise<Revision | null> {
  return findRevisionRow(db, spaceId, revisionId);
}

/** Markdown by body hash, for those of `hashes` stored. */
export function findBodies(db: SqlExecutor, hashes: readonly string[]): Promise<Map<string, string>> {
  return findBodyRows(db, hashes);
}

/** The link and image targets stored with each body, in one query however many bodies. */
export function findBodyLinks(db: SqlExecutor, hashes: readonly string[]): Promise<Map<string, { target: string; kind: TargetKind }[]>> {
  return findBodyLinkRows(db, hashes);
}

/** One file of a revision (any space): what a signed download link serves. */
export function findFileDownload(db: SqlExecutor, revisionId: string, fileId: string): Promise<StoredFile | null> {
  return findFileInRevision(db, revisionId, fileId);
}

/** Stores a revision and the bodies its tree uses (those stored already are touched). */
export async function storeRevision(tx: SqlExecutor, revision: NewRevision, bodies: readonly NewBody[], now: Date): Promise<void> {
  await insertBodyRows(tx, bodies);
  await insertRevisionRow(tx, revision, now);
}

/** The space row locked for a content write: the revision it points at and its edit mode. */
export function lockSpaceContent(tx: SqlExecutor, spaceId: string): Promise<{ revisionId: string; editMode: string; deletedAt: Date | null } | null> {
  return lockSpaceRow(tx, spaceId);
}

/** Makes `revisionId` the space's current revision. */
export function setCurrentRevision(tx: SqlExecutor, spaceId: string, revisionId: string, now: Date): Promise<void> {
  return updateSpaceRevision(tx, spaceId, revisionId, now);
}

/** Records the Git commit a revision came from or was pushed as, and its pages' and files' blobs in it. */
export function setRevisionGit(tx: SqlExecutor, revisionId: string, commit: GitCommitRecord, blobs: Record<string, GitBlobRecord>): Promise<void> {
  return updateRevisionGit(tx, revisionId, commit, blobs);
}
