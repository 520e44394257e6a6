import { ApiError } from '@quire/errors';
import { ImportRefused, readGitLayout } from '@quire/formats';
import { GIT_SYNC_LIMIT_SETTINGS } from '../../../settings';
import type { GitBlobRecord } from '../../revisions';
import { GitSyncError } from './git-remote';
import type { GitSyncOperation } from '../model/git-sync';

// The rules of a Git Sync run that need no repository and no database: which commits are Quire's
// own, the blob records of a revision, what a failure says (application/run-git-sync.ts runs them).

/** Written in every commit Quire pushes, so that importing it back is recognised and skipped. */
export const SPACE_TRAILER = 'Quire-Space';

/** Why an operation failed, in words its caller can act on (never a credential). */
export class SyncFailure extends Error {}

/** The repository's files as a page tree (a layout it cannot read fails the operation, saying why). */
export function layoutOf(files: Parameters<typeof readGitLayout>[0], maxPages: number): ReturnType<typeof readGitLayout> {
  try {
    return readGitLayout(files, { limits: { maxPages } });
  } catch (err) {
    if (err instanceof ImportRefused) throw new SyncFailure(`the repository's content cannot be read: ${err.message}`);
    throw err;
  }
}

export function isOwnCommit(message: string, spaceId: string): boolean {
  return message.split('\n').some((line) => line.trim() === `${SPACE_TRAILER}: ${spaceId}`);
}

export function commitUrl(op: GitSyncOperation, oid: string): { url?: string } {
  return op.options.commitUrl ? { url: `${op.options.commitUrl.replace(/\/+$/, '')}/${oid}` } : {};
}

export function gitBlobs(
  pages: ReadonlyArray<readonly [string, string]>,
  files: ReadonlyArray<readonly [string, string | undefined]>,
  oids: ReadonlyMap<string, string>,
): Record<string, GitBlobRecord> {
  const out: Record<string, GitBlobRecord> = {};
  for (const [id, path] of [...pages, ...files]) {
    const oid = path && oids.get(path);
    if (path && oid) out[id] = { oid, path };
  }
  return out;
}

export function countPages(pages: ReadonlyArray<{ children: ReadonlyArray<unknown> }>): number {
  return pages.reduce((n, p) => n + 1 + countPages(p.children as typeof pages), 0);
}

/** The error's message; a limit's names its setting. */
export function failureMessage(err: unknown): string {
  if (err instanceof GitSyncError && err.details.limit) return `${err.message} (${GIT_SYNC_LIMIT_SETTINGS[err.details.limit]})`;
  return err instanceof Error ? err.message : String(err);
}

export function isOperationError(err: unknown): boolean {
  return (
    err instanceof SyncFailure ||
    err instanceof GitSyncError ||
    err instanceof ApiError ||
    err instanceof ImportRefused ||
    (err instanceof Error && /took longer than/.test(err.message))
  );
}
