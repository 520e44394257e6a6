import type { GitSyncDirection, GitSyncOptions } from '../model/git-sync';
import { redactRemote } from './git-remote-url';

/** The purpose the remote URL is sealed for (packages/platform/src/secrets/sealed-secret.ts). */
export const GIT_REMOTE_SEAL = 'git-sync-remote';

export interface GitSyncRequest {
  direction: GitSyncDirection;
  url: string;
  ref: string;
  options: GitSyncOptions;
  gitInfo?: { provider?: string; url?: string };
}

/**
 * What an operation records of a request: only the remote is used with its credentials (sealed
 * apart); the remote and the links shown to readers never hold any.
 */
export function redactedRequest(request: GitSyncRequest): { remote: string; options: GitSyncOptions; shownTreeUrl: string | null } {
  const { treeUrl, commitUrl, ...rest } = request.options;
  const options: GitSyncOptions = {
    ...rest,
    ...(treeUrl ? { treeUrl: redactRemote(treeUrl) } : {}),
    ...(commitUrl ? { commitUrl: redactRemote(commitUrl) } : {}),
  };
  const shownTreeUrl = request.gitInfo?.url ? redactRemote(request.gitInfo.url) : (options.treeUrl ?? null);
  return { remote: redactRemote(request.url), options, shownTreeUrl };
}
