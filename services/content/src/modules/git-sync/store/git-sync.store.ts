import { sql, typedSql, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, GitSyncOperationsTable, SpaceGitSyncTable } from '../../../database';
import type { GitSyncDirection, GitSyncOperation, GitSyncOptions, GitSyncStage, GitSyncState, SpaceGitSync } from '../model/git-sync';

const table = (db: SqlExecutor) => typedSql<Database>(db);

// direction, state and stage are TEXT columns that only this store writes, with the model's values.
function operationOf(row: Selectable<GitSyncOperationsTable>): GitSyncOperation {
  return {
    id: row.id,
    spaceId: row.space_id,
    organizationId: row.organization_id,
    direction: row.direction as GitSyncDirection,
    state: row.state as GitSyncState,
    stage: row.stage as GitSyncStage,
    dispatchedTasks: row.dispatched_tasks,
    completedTasks: row.completed_tasks,
    remote: row.remote,
    remoteSealed: row.remote_sealed,
    ref: row.ref,
    options: row.options as GitSyncOptions,
    createdBy: row.created_by,
    revisionId: row.revision_id,
    commitId: row.commit_id,
    error: row.error,
    startedAt: row.started_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
  };
}

export async function findGitSyncOperation(db: SqlExecutor, spaceId: string, operationId: string): Promise<GitSyncOperation | null> {
  const row = await table(db).selectFrom('git_sync_operations').selectAll().where('id', '=', operationId).where('space_id', '=', spaceId).executeTakeFirst();
  return row ? operationOf(row) : null;
}

export async function findLatestGitSyncOperation(db: SqlExecutor, spaceId: string): Promise<GitSyncOperation | null> {
  const row = await table(db)
    .selectFrom('git_sync_operations')
    .selectAll()
    .where('space_id', '=', spaceId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? operationOf(row) : null;
}

export async function findRunningGitSyncOperation(tx: SqlExecutor, spaceId: string): Promise<GitSyncOperation | null> {
  const row = await table(tx)
    .selectFrom('git_sync_operations')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('state', '=', 'running')
    .forUpdate()
    .executeTakeFirst();
  return row ? operationOf(row) : null;
}

export async function insertGitSyncOperation(
  tx: SqlExecutor,
  op: Pick<GitSyncOperation, 'id' | 'spaceId' | 'organizationId' | 'direction' | 'remote' | 'remoteSealed' | 'ref' | 'options' | 'createdBy'>,
  now: Date,
): Promise<void> {
  await table(tx)
    .insertInto('git_sync_operations')
    .values({
      id: op.id,
      space_id: op.spaceId,
      organization_id: op.organizationId,
      direction: op.direction,
      remote: op.remote,
      remote_sealed: op.remoteSealed,
      ref: op.ref,
      options: JSON.stringify(op.options),
      created_by: op.createdBy,
      started_at: now,
      updated_at: now,
    })
    .execute();
}

/** Moves a running operation to a stage (and its task counts); no effect once it ended. */
export async function advanceGitSyncOperation(
  db: SqlExecutor,
  operationId: string,
  progress: { stage: GitSyncStage; dispatchedTasks?: number; completedTasks?: number },
  now: Date,
): Promise<void> {
  await table(db)
    .updateTable('git_sync_operations')
    .set({ stage: progress.stage, dispatched_tasks: progress.dispatchedTasks, completed_tasks: progress.completedTasks, updated_at: now })
    .where('id', '=', operationId)
    .where('state', '=', 'running')
    .execute();
}

/** Ends a running operation, failed or not (both complete it); answers false when it had ended already (a redelivered job). The sealed URL is dropped. */
export async function finishGitSyncOperation(
  tx: SqlExecutor,
  operationId: string,
  outcome: { state: 'success' | 'failure'; revisionId: string | null; commitId: string | null; error: string | null },
  now: Date,
): Promise<boolean> {
  const { numUpdatedRows } = await table(tx)
    .updateTable('git_sync_operations')
    .set({
      state: outcome.state,
      revision_id: outcome.revisionId,
      commit_id: outcome.commitId,
      error: outcome.error,
      remote_sealed: null,
      updated_at: now,
      completed_at: now,
    })
    .where('id', '=', operationId)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

function spaceGitSyncOf(row: Selectable<SpaceGitSyncTable>): SpaceGitSync {
  return {
    spaceId: row.space_id,
    remote: row.remote,
    ref: row.ref,
    repoName: row.repo_name,
    provider: row.provider,
    treeUrl: row.tree_url,
    projectDirectory: row.project_directory,
    lastCommit: row.last_commit,
    lastExportAt: row.last_export_at,
    updatedAt: row.updated_at,
  };
}

export async function findSpaceGitSync(db: SqlExecutor, spaceId: string): Promise<SpaceGitSync | null> {
  const row = await table(db).selectFrom('space_git_sync').selectAll().where('space_id', '=', spaceId).executeTakeFirst();
  return row ? spaceGitSyncOf(row) : null;
}

/** The repository a space syncs with, as an operation names it; keeps the last commit when the remote and ref stay. */
export async function upsertSpaceGitSync(
  tx: SqlExecutor,
  sync: Pick<SpaceGitSync, 'spaceId' | 'remote' | 'ref' | 'repoName' | 'provider' | 'treeUrl' | 'projectDirectory'>,
  now: Date,
): Promise<void> {
  await table(tx)
    .insertInto('space_git_sync')
    .values({
      space_id: sync.spaceId,
      remote: sync.remote,
      ref: sync.ref,
      repo_name: sync.repoName,
      provider: sync.provider,
      tree_url: sync.treeUrl,
      project_directory: sync.projectDirectory,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('space_id').doUpdateSet((eb) => ({
        last_commit: sql<
          string | null
        >`CASE WHEN space_git_sync.remote = ${eb.ref('excluded.remote')} AND space_git_sync.ref = ${eb.ref('excluded.ref')} THEN space_git_sync.last_commit END`,
        remote: eb.ref('excluded.remote'),
        ref: eb.ref('excluded.ref'),
        repo_name: eb.ref('excluded.repo_name'),
        provider: eb.fn.coalesce('excluded.provider', 'space_git_sync.provider'),
        tree_url: eb.fn.coalesce('excluded.tree_url', 'space_git_sync.tree_url'),
        project_directory: eb.ref('excluded.project_directory'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** A completed operation's commit (and, for an export, its time: imports older than it are skipped). */
export async function recordGitSyncCommit(tx: SqlExecutor, spaceId: string, commit: string, exportedAt: Date | null, now: Date): Promise<void> {
  await table(tx)
    .updateTable('space_git_sync')
    .set({ last_commit: commit, last_export_at: exportedAt ?? undefined, updated_at: now })
    .where('space_id', '=', spaceId)
    .execute();
}
