import type { GitSyncOperation } from '../model/git-sync';

/**
 * The reference's GitSyncOperation, plus Quire's `id`, `remote` (credentials redacted), `ref`,
 * `revisionId` and `commitId`. A task is a page or file the operation wrote or read.
 */
export function presentGitSyncOperation(op: GitSyncOperation) {
  return {
    id: op.id,
    state: op.state,
    direction: op.direction,
    stage: op.stage,
    dispatchedTasks: op.dispatchedTasks,
    completedTasks: op.completedTasks,
    startedAt: op.startedAt.toISOString(),
    updatedAt: op.updatedAt.toISOString(),
    ...(op.completedAt ? { completedAt: op.completedAt.toISOString() } : {}),
    ...(op.error !== null ? { error: op.error } : {}),
    remote: op.remote,
    ref: op.ref,
    ...(op.revisionId ? { revisionId: op.revisionId } : {}),
    ...(op.commitId ? { commitId: op.commitId } : {}),
  };
}
