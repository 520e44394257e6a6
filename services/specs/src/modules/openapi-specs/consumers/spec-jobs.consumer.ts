import { parseEvent, SPECS_JOBS_TOPIC, specsJobs } from '@quire/contracts';
import type { ServiceContext } from '@quire/platform/runtime';
import { processSpecSource, type ProcessingDeps } from '../application/process-spec-source';

export const SPEC_JOBS_CONSUMER = 'specs-jobs';

/**
 * Runs the processing jobs the outbox publishes. A job is idempotent by itself (it acts only while
 * its source is the spec's pending one), so no processed-events ledger: its writes are not in one
 * transaction with a ledger row, since fetching and validating take seconds. A job whose source
 * fails to fetch or parse ends as the spec's error state; only a store failure throws to the bus
 * (retried when transient, parked otherwise: docs/conventions.md, Dead letters). A message that
 * is not a declared job (packages/contracts/src/specs-events.ts) is parked.
 */
export async function startSpecJobsConsumer(ctx: Pick<ServiceContext, 'bus'>, deps: ProcessingDeps): Promise<void> {
  await ctx.bus.subscribe({
    groupId: SPEC_JOBS_CONSUMER,
    topics: [SPECS_JOBS_TOPIC],
    handle: async (message) => {
      const job = parseEvent(specsJobs, message.value);
      await processSpecSource(deps, job.data);
    },
  });
}
