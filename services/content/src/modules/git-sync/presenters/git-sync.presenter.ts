import type { GitSyncOperation, SpaceGitSync } from '../model/git-sync';

/**
 * The reference's GitSyncState (getSpaceGitInfo, Space.gitSync), with what 0.202.0 added: Quire's
 * "installation" is the space's own sync (`installationId` = the space id, always `active`);
 * `installationProvider` only when `gitInfo.provider` named one (a plain Git server is neither
 * GitHub nor GitLab); `operation`, the latest operation, on getSpaceGitInfo.
 */
export function presentGitSyncState(sync: SpaceGitSync, latest?: GitSyncOperation | null) {
  return {
    repoName: sync.repoName,
    installationId: sync.spaceId,
    installationStatus: 'active' as const,
    ...(sync.provider === 'github' || sync.provider === 'gitlab' ? { installationProvider: sync.provider } : {}),
    integration: 'quire-git-sync',
    url: sync.treeUrl ?? sync.remote,
    ...(latest
      ? {
          operation: {
            state: latest.state,
            direction: latest.direction,
            startedAt: latest.startedAt.toISOString(),
            ...(latest.completedAt || latest.state === 'failure' ? { endedAt: latest.updatedAt.toISOString() } : {}),
            ...(latest.error !== null ? { error: latest.error } : {}),
          },
        }
      : {}),
    updatedAt: sync.updatedAt.toISOString(),
  };
}

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
