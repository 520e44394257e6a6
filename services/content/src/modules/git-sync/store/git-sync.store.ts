import { queryOne, type SqlExecutor } from '@quire/platform/sql';
import type { GitSyncOperation, GitSyncStage, SpaceGitSync } from '../model/git-sync';

const OPERATION = `id, space_id AS "spaceId", organization_id AS "organizationId", direction, state, stage,
  dispatched_tasks AS "dispatchedTasks", completed_tasks AS "completedTasks", remote, remote_sealed AS "remoteSealed", ref, options,
  created_by AS "createdBy", revision_id AS "revisionId", commit_id AS "commitId", error,
  started_at AS "startedAt", updated_at AS "updatedAt", completed_at AS "completedAt"`;

export function findGitSyncOperation(db: SqlExecutor, spaceId: string, operationId: string): Promise<GitSyncOperation | null> {
  return queryOne<GitSyncOperation>(db, `SELECT ${OPERATION} FROM git_sync_operations WHERE id = $1 AND space_id = $2`, [operationId, spaceId]);
}

export function findLatestGitSyncOperation(db: SqlExecutor, spaceId: string): Promise<GitSyncOperation | null> {
  return queryOne<GitSyncOperation>(db, `SELECT ${OPERATION} FROM git_sync_operations WHERE space_id = $1 ORDER BY started_at DESC, id DESC LIMIT 1`, [
    spaceId,
  ]);
}

export function findRunningGitSyncOperation(tx: SqlExecutor, spaceId: string): Promise<GitSyncOperation | null> {
  return queryOne<GitSyncOperation>(tx, `SELECT ${OPERATION} FROM git_sync_operations WHERE space_id = $1 AND state = 'running' FOR UPDATE`, [spaceId]);
}

export async function insertGitSyncOperation(
  tx: SqlExecutor,
  op: Pick<GitSyncOperation, 'id' | 'spaceId' | 'organizationId' | 'direction' | 'remote' | 'remoteSealed' | 'ref' | 'options' | 'createdBy'>,
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO git_sync_operations (id, space_id, organization_id, direction, remote, remote_sealed, ref, options, created_by, started_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [op.id, op.spaceId, op.organizationId, op.direction, op.remote, op.remoteSealed, op.ref, JSON.stringify(op.options), op.createdBy, now],
  );
}

/** Moves a running operation to a stage (and its task counts); no effect once it ended. */
export async function advanceGitSyncOperation(
  db: SqlExecutor,
  operationId: string,
  progress: { stage: GitSyncStage; dispatchedTasks?: number; completedTasks?: number },
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE git_sync_operations SET stage = $2, dispatched_tasks = COALESCE($3, dispatched_tasks), completed_tasks = COALESCE($4, completed_tasks), updated_at = $5
     WHERE id = $1 AND state = 'running'`,
    [operationId, progress.stage, progress.dispatchedTasks ?? null, progress.completedTasks ?? null, now],
  );
}

/** Ends a running operation, failed or not (both complete it); answers false when it had ended already (a redelivered job). The sealed URL is dropped. */
export async function finishGitSyncOperation(
  tx: SqlExecutor,
  operationId: string,
  outcome: { state: 'success' | 'failure'; revisionId: string | null; commitId: string | null; error: string | null },
  now: Date,
): Promise<boolean> {
  const result = await tx.query(
    `UPDATE git_sync_operations
     SET state = $2::text, revision_id = $3, commit_id = $4, error = $5, remote_sealed = NULL, updated_at = $6::timestamptz, completed_at = $6::timestamptz
     WHERE id = $1 AND state = 'running'`,
    [operationId, outcome.state, outcome.revisionId, outcome.commitId, outcome.error, now],
  );
  return (result.rowCount ?? 0) > 0;
}

const SPACE_GIT_SYNC = `space_id AS "spaceId", remote, ref, repo_name AS "repoName", provider, tree_url AS "treeUrl",
  project_directory AS "projectDirectory", last_commit AS "lastCommit", last_export_at AS "lastExportAt", updated_at AS "updatedAt"`;

export function findSpaceGitSync(db: SqlExecutor, spaceId: string): Promise<SpaceGitSync | null> {
  return queryOne<SpaceGitSync>(db, `SELECT ${SPACE_GIT_SYNC} FROM space_git_sync WHERE space_id = $1`, [spaceId]);
}

/** The repository a space syncs with, as an operation names it; keeps the last commit when the remote and ref stay. */
export async function upsertSpaceGitSync(
  tx: SqlExecutor,
  sync: Pick<SpaceGitSync, 'spaceId' | 'remote' | 'ref' | 'repoName' | 'provider' | 'treeUrl' | 'projectDirectory'>,
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO space_git_sync (space_id, remote, ref, repo_name, provider, tree_url, project_directory, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (space_id) DO UPDATE SET
       last_commit = CASE WHEN space_git_sync.remote = EXCLUDED.remote AND space_git_sync.ref = EXCLUDED.ref THEN space_git_sync.last_commit END,
       remote = EXCLUDED.remote, ref = EXCLUDED.ref, repo_name = EXCLUDED.repo_name,
       provider = COALESCE(EXCLUDED.provider, space_git_sync.provider), tree_url = COALESCE(EXCLUDED.tree_url, space_git_sync.tree_url),
       project_directory = EXCLUDED.project_directory, updated_at = EXCLUDED.updated_at`,
    [sync.spaceId, sync.remote, sync.ref, sync.repoName, sync.provider, sync.treeUrl, sync.projectDirectory, now],
  );
}

/** A completed operation's commit (and, for an export, its time: imports older than it are skipped). */
export async function recordGitSyncCommit(tx: SqlExecutor, spaceId: string, commit: string, exportedAt: Date | null, now: Date): Promise<void> {
  await tx.query('UPDATE space_git_sync SET last_commit = $2, last_export_at = COALESCE($3, last_export_at), updated_at = $4 WHERE space_id = $1', [
    spaceId,
    commit,
    exportedAt,
    now,
  ]);
}
