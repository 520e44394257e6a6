import type { Logger } from '@quire/platform/logger';
import type { SqlDatabase } from '@quire/platform/sql';
import { pruneDeliveries } from '../store/deliveries.store';

const BATCH = 1000;
const EVERY_MS = 15 * 60_000;

/**
 * Deletes delivery logs (deliveries and their attempts) untouched for `retentionMs`, in batches.
 * Copies may sweep at the same time: each batch deletes rows another has not, or none.
 */
export function startDeliveryRetention(deps: { db: SqlDatabase; logger: Logger; clock: () => Date }, retentionMs: number): () => void {
  const sweep = async () => {
    const before = new Date(deps.clock().getTime() - retentionMs);
    let deleted = 0;
    for (let n = BATCH; n === BATCH; deleted += n) n = await pruneDeliveries(deps.db, before, BATCH);
    if (deleted > 0) deps.logger.info({ deleted, before }, 'old webhook deliveries pruned');
  };
  const run = () => void sweep().catch((err: Error) => deps.logger.warn({ err: err.message }, 'webhook delivery pruning failed'));
  const timer = setInterval(run, Math.min(EVERY_MS, retentionMs));
  timer.unref();
  run();
  return () => clearInterval(timer);
}
