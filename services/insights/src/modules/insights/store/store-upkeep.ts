import type { Logger } from '@quire/platform/logger';
import type { InsightsStore } from './insights-store';

/** How often expired events are dropped. */
export const RETENTION_SWEEP_MS = 24 * 60 * 60 * 1000;
const MIGRATE_RETRY_MAX_MS = 15_000;

export interface StoreUpkeep {
  stop(): void;
}

/**
 * Keeps the store usable without the service knowing which store it is: the schema is applied at
 * start and, while the store is down (ClickHouse may start after the service: ingest only needs
 * the bus), retried in the background with backoff; the consumer's inserts wait for it by failing
 * transiently and being retried. Expired events are dropped once a day (retention.ts).
 */
export async function startStoreUpkeep(
  store: Pick<InsightsStore, 'migrate' | 'dropExpired'>,
  deps: { logger: Logger; clock: () => Date; sweepEveryMs?: number; firstRetryMs?: number },
): Promise<StoreUpkeep> {
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  const migrateLater = (delayMs: number) => {
    retryTimer = setTimeout(() => {
      if (stopped) return;
      store.migrate().then(
        () => deps.logger.info('insights store migrated'),
        (err: Error) => {
          deps.logger.warn({ err: err.message }, 'insights store not migrated yet; retrying');
          migrateLater(Math.min(delayMs * 2, MIGRATE_RETRY_MAX_MS));
        },
      );
    }, delayMs);
    retryTimer.unref();
  };
  try {
    await store.migrate();
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, 'insights store not migrated yet; retrying in the background');
    migrateLater(deps.firstRetryMs ?? 1000);
  }
  const sweep = setInterval(() => {
    store.dropExpired(deps.clock()).catch((err: Error) => deps.logger.warn({ err: err.message }, 'dropping expired insights events failed'));
  }, deps.sweepEveryMs ?? RETENTION_SWEEP_MS);
  sweep.unref();
  return {
    stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      clearInterval(sweep);
    },
  };
}
