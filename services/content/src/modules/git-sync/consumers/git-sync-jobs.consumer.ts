import { CONTENT_JOBS_TOPIC, contentJobs, parseEvent } from '@quire/contracts';
import type { Logger } from '@quire/platform/logger';
import type { ServiceContext } from '@quire/platform/runtime';
import { runGitSync, type GitSyncJobDeps } from '../application/run-git-sync';
import { JobSlots } from './job-slots';

export const GIT_SYNC_CONSUMER = 'content-git-sync';

/** Tries of a job whose store failed (a job is idempotent by itself), and the pause before each retry. */
const RETRY_DELAYS_MS = [1_000, 5_000, 15_000];

/**
 * Runs the Git Sync operations the outbox queues on content.jobs. The copies of content share the
 * group, so each operation is taken once; a process runs up to `concurrency` of them side by side
 * (CONTENT_GIT_SYNC_CONCURRENCY), so no space's operation waits behind another's stuck remote.
 * A message is done once its job started: an operation whose process dies mid-job
 * stays `running` until it is stale (CONTENT_GIT_SYNC_STALE_MS), when a new request takes over.
 * A message that is not a declared job is parked (docs/conventions.md, Dead letters).
 */
export async function startGitSyncConsumer(ctx: Pick<ServiceContext, 'bus'>, deps: GitSyncJobDeps, concurrency: number): Promise<JobSlots> {
  const slots = new JobSlots(concurrency);
  await ctx.bus.subscribe({
    groupId: GIT_SYNC_CONSUMER,
    topics: [CONTENT_JOBS_TOPIC],
    handle: async (message) => {
      const job = parseEvent(contentJobs, message.value);
      await slots.start(() => withRetries(() => runGitSync(deps, job.data), deps.logger, job.data));
    },
  });
  return slots;
}

async function withRetries(run: () => Promise<void>, logger: Logger, job: { spaceId: string; operationId: string }): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const delay = RETRY_DELAYS_MS[attempt];
      logger.warn({ ...job, err: (err as Error).message, retryInMs: delay ?? null }, 'Git Sync job failed');
      if (delay === undefined) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
