import { contentJobs, parseEvent, type ServiceContext } from '@quire/common';
import { CONTENT_JOBS_TOPIC } from '../events/content-events';
import { runGitSync, type GitSyncJobDeps } from '../domain/git-sync/run-git-sync';

export const GIT_SYNC_CONSUMER = 'content-git-sync';

/**
 * Runs the Git Sync operations the outbox queues on content.jobs. The copies of content share the
 * group, so each operation runs once; a job is idempotent by itself (run-git-sync.ts). A message
 * that is not a declared job is parked (docs/conventions.md, Dead letters).
 */
export async function startGitSyncConsumer(ctx: Pick<ServiceContext, 'bus'>, deps: GitSyncJobDeps): Promise<void> {
  await ctx.bus.subscribe({
    groupId: GIT_SYNC_CONSUMER,
    topics: [CONTENT_JOBS_TOPIC],
    handle: async (message) => {
      const job = parseEvent(contentJobs, message.value);
      await runGitSync(deps, job.data);
    },
  });
}
