import { OutboundError, redactCredentials } from '@quire/platform/outbound';
import { isomorphicGit } from './git-library';

// The one error the Git transport throws. Messages are written for the space's owner (the API shows
// them) and never hold the remote's credentials.

export type GitSyncErrorKind =
  /** Not an http(s) URL (file://, ssh://, git://, user@host:path, a local path). */
  | 'invalid-url'
  /** Not a valid branch or ref name. */
  | 'invalid-ref'
  /** A file path that cannot be written to a Git tree (`..`, `.git`, a file where a folder is). */
  | 'invalid-path'
  /** The remote's address is private, loopback or reserved and not allow-listed. */
  | 'refused'
  /** 401 or 403: missing or wrong credentials, or no permission for the operation. */
  | 'auth-failed'
  /** No Git repository answers at the URL. */
  | 'repository-not-found'
  | 'ref-not-found'
  /** The remote's HEAD names a branch that does not exist. */
  | 'dangling-head'
  /** Repository bytes, file count, object count or one object's bytes over the limit (`details.limit` says which). */
  | 'too-large'
  /** A stage (discover, fetch, push) did not finish within `stageTimeoutMs`. */
  | 'timeout'
  /** The ref is not where the caller expected it (or moved during the push). */
  | 'non-fast-forward'
  /** The remote refused the pushed objects or the ref update (a hook, a protected branch). */
  | 'push-rejected'
  /** Any other failure to talk to the remote (connection, not a Git server, unexpected answer). */
  | 'network';

export interface GitSyncErrorDetails {
  limit?: 'maxRepoBytes' | 'maxFiles' | 'maxFileBytes' | 'maxObjects';
  /** The remote's HTTP status, when it answered with one. */
  status?: number;
}

export class GitSyncError extends Error {
  constructor(
    readonly kind: GitSyncErrorKind,
    message: string,
    readonly details: GitSyncErrorDetails = {},
  ) {
    super(redactCredentials(message));
    this.name = 'GitSyncError';
  }
}

export type GitStage = 'discover' | 'fetch' | 'push';

/** Any failure of a stage as a GitSyncError; `remote` is the URL without credentials. */
export function asGitSyncError(err: unknown, stage: GitStage, remote: string): GitSyncError {
  if (err instanceof GitSyncError) return err;
  if (err instanceof OutboundError) {
    switch (err.kind) {
      case 'invalid-url':
        return new GitSyncError('invalid-url', `${remote}: ${err.message}`);
      case 'refused':
        return new GitSyncError('refused', `${remote} cannot be reached: ${err.message}`);
      case 'timeout':
        return new GitSyncError('timeout', `${remote}: the ${stage} stage timed out (${err.message})`);
      case 'too-large':
        return new GitSyncError('too-large', `${remote}: the repository is larger than the limit (${err.message})`, { limit: 'maxRepoBytes' });
      default:
        return new GitSyncError('network', `${remote}: ${err.message}`, { status: err.status });
    }
  }
  const { Errors } = isomorphicGit();
  if (err instanceof Errors.HttpError) return fromStatus(err.data.statusCode, stage, remote);
  if (err instanceof Errors.SmartHttpError) return new GitSyncError('network', `${remote} does not answer Git's smart HTTP protocol (is it a repository URL?)`);
  if (err instanceof Errors.NotFoundError && err.data.what === 'HEAD') return danglingHead(remote);
  const message = err instanceof Error ? err.message : String(err);
  return new GitSyncError('network', `${remote}: the ${stage} stage failed: ${message}`);
}

export function fromStatus(status: number, stage: GitStage, remote: string): GitSyncError {
  const action = stage === 'push' ? 'push to' : 'read';
  if (status === 401) return new GitSyncError('auth-failed', `${remote} needs valid credentials to ${action} it (401)`, { status });
  if (status === 403) return new GitSyncError('auth-failed', `the credentials are not allowed to ${action} ${remote} (403)`, { status });
  if (status === 404)
    return new GitSyncError('repository-not-found', `no Git repository at ${remote} (404; a private repository may need credentials)`, { status });
  return new GitSyncError('network', `${remote} answered ${status} during the ${stage} stage`, { status });
}

export function danglingHead(remote: string): GitSyncError {
  return new GitSyncError(
    'dangling-head',
    `the default branch (HEAD) of ${remote} points to a branch that does not exist: set the repository's default branch to an existing one`,
  );
}
