import { conflict } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import { sealSecret } from '@quire/platform/secrets';
import type { SqlDatabase } from '@quire/platform/sql';
import { CONTENT_JOBS_TOPIC, outboxEvent, RUN_GIT_SYNC_JOB } from '@quire/contracts';
import { lockSpaceContent } from '../../revisions';
import { findRunningGitSyncOperation, finishGitSyncOperation, insertGitSyncOperation, upsertSpaceGitSync } from '../store/git-sync.store';
import { fullRef, repositoryName } from '../domain/git-remote-url';
import { GIT_REMOTE_SEAL, redactedRequest, type GitSyncRequest } from '../domain/git-sync-request';

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
  const { remote, options, shownTreeUrl } = redactedRequest(request);
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
