import { conflict } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import { sealSecret } from '@quire/platform/secrets';
import type { SqlDatabase } from '@quire/platform/sql';
import { CONTENT_JOBS_TOPIC, outboxEvent, RUN_GIT_SYNC_JOB } from '@quire/contracts';
import { lockSpaceContent } from '../../revisions';
import { findRunningGitSyncOperation, finishGitSyncOperation, insertGitSyncOperation, upsertSpaceGitSync } from '../store/git-sync.store';
import type { GitSyncDirection, GitSyncOptions } from '../model/git-sync';
import { fullRef, redactRemote, repositoryName } from './git-remote-url';

/** The purpose the remote URL is sealed for (packages/platform/src/secrets/sealed-secret.ts). */
export const GIT_REMOTE_SEAL = 'git-sync-remote';

export interface GitSyncRequest {
  direction: GitSyncDirection;
  url: string;
  ref: string;
  options: GitSyncOptions;
  gitInfo?: { provider?: string; url?: string };
}

export interface StartDeps {
  db: SqlDatabase;
  clock: () => Date;
  internalSecret: string;
  /** A `running` operation not updated for this long is taken as abandoned (its process died mid-job). */
  staleAfterMs: number;
}

/**
 * Records an import or export as a `running` operation and queues its job through the outbox, in
 * one transaction under the space row's lock. One operation per space at a time: a second request
 * while one runs answers 409 (the first one's id in the message), unless that one is stale.
 */
export async function startGitSync(deps: StartDeps, space: { id: string; organizationId: string }, userId: string, request: GitSyncRequest): Promise<string> {
  const operationId = newId();
  const remote = redactRemote(request.url);
  // Only the remote is used with its credentials (sealed); the links shown to readers never hold any.
  const { treeUrl, commitUrl, ...rest } = request.options;
  const options: GitSyncOptions = {
    ...rest,
    ...(treeUrl ? { treeUrl: redactRemote(treeUrl) } : {}),
    ...(commitUrl ? { commitUrl: redactRemote(commitUrl) } : {}),
  };
  const shownTreeUrl = request.gitInfo?.url ? redactRemote(request.gitInfo.url) : (options.treeUrl ?? null);
  await deps.db.transaction(async (tx) => {
    await lockSpaceContent(tx, space.id);
    const now = deps.clock();
    const running = await findRunningGitSyncOperation(tx, space.id);
    if (running && now.getTime() - running.updatedAt.getTime() < deps.staleAfterMs)
      throw conflict(`A Git Sync ${running.direction} (operation ${running.id}) is already running on space ${space.id}: wait for it to end`);
    if (running)
      await finishGitSyncOperation(
        tx,
        running.id,
        { state: 'failure', revisionId: null, commitId: null, error: 'abandoned: its job stopped reporting progress' },
        now,
      );
    await insertGitSyncOperation(
      tx,
      {
        id: operationId,
        spaceId: space.id,
        organizationId: space.organizationId,
        direction: request.direction,
        remote,
        remoteSealed: sealSecret(deps.internalSecret, GIT_REMOTE_SEAL, request.url),
        ref: fullRef(request.ref),
        options,
        createdBy: userId,
      },
      now,
    );
    await upsertSpaceGitSync(
      tx,
      {
        spaceId: space.id,
        remote,
        ref: fullRef(request.ref),
        repoName: repositoryName(request.url),
        provider: request.gitInfo?.provider ?? null,
        treeUrl: shownTreeUrl,
        projectDirectory: options.projectDirectory ?? null,
      },
      now,
    );
    await enqueueEvent(
      tx,
      outboxEvent(CONTENT_JOBS_TOPIC, space.id, RUN_GIT_SYNC_JOB, { organizationId: space.organizationId, spaceId: space.id, operationId }),
      now,
    );
  });
  return operationId;
}
