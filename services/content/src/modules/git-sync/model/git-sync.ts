// A Git Sync operation and a space's sync as the store reads them: the shapes store, domain, application and presenters share.

export type GitSyncDirection = 'import' | 'export';

export type GitSyncState = 'running' | 'success' | 'failure';

export type GitSyncStage = 'repo_fetch' | 'config_check' | 'content_process' | 'finalize';

/** The request's fields besides the remote, as the job needs them. */
export interface GitSyncOptions {
  commitMessage?: string;
  projectDirectory?: string;
  timestamp?: string;
  force?: boolean;
  standalone?: boolean;
  treeUrl?: string;
  commitUrl?: string;
}

export interface GitSyncOperation {
  id: string;
  spaceId: string;
  organizationId: string;
  direction: GitSyncDirection;
  state: GitSyncState;
  stage: GitSyncStage;
  dispatchedTasks: number;
  completedTasks: number;
  /** The remote URL without credentials. */
  remote: string;
  /** The URL as given (credentials included), sealed; null once the operation ended. */
  remoteSealed: string | null;
  ref: string;
  options: GitSyncOptions;
  createdBy: string;
  revisionId: string | null;
  commitId: string | null;
  error: string | null;
  startedAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

// A space's sync settings are part of the space (spaces/model/space-git-sync.ts).
export type { SpaceGitSync } from '../../spaces';
