// A space's Git Sync state is part of the space (Space.gitSync, loaded with it): spaces holds its
// shape and presentation; git-sync, above spaces, writes it.

/** The repository a space syncs with. */
export interface SpaceGitSync {
  spaceId: string;
  remote: string;
  ref: string;
  repoName: string;
  provider: string | null;
  treeUrl: string | null;
  projectDirectory: string | null;
  /** The commit the last completed operation imported or pushed. */
  lastCommit: string | null;
  lastExportAt: Date | null;
  updatedAt: Date;
}

/** What the state shows of an operation (git-sync's GitSyncOperation has these and more). */
export interface GitSyncOperationState {
  state: string;
  direction: string;
  startedAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  error: string | null;
}
