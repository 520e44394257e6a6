import type { GitSyncOperationState, SpaceGitSync } from '../model/space-git-sync';

/**
 * The reference's GitSyncState (getSpaceGitInfo, Space.gitSync), with what 0.202.0 added: Quire's
 * "installation" is the space's own sync (`installationId` = the space id, always `active`);
 * `installationProvider` only when `gitInfo.provider` named one (a plain Git server is neither
 * GitHub nor GitLab); `operation`, the latest operation, on getSpaceGitInfo.
 */
export function presentGitSyncState(sync: SpaceGitSync, latest?: GitSyncOperationState | null) {
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
