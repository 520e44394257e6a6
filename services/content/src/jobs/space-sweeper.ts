import type { ServiceContext } from '@quire/common';
import { purgeExpiredSpaces } from '../domain/space-retention';

export const SWEEP_INTERVAL_MS = 60_000;

export interface SpaceSweeper {
  /** One sweep now (also what each tick runs). */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Removes spaces whose 7 days of retention are over, every `intervalMs`. Ticks never overlap;
 * a failed sweep is logged and retried on the next tick. Replicas may sweep side by side
 * (the purge skips rows another one holds).
 */
export function startSpaceSweeper(ctx: Pick<ServiceContext, 'db' | 'clock' | 'logger'>, intervalMs = SWEEP_INTERVAL_MS): SpaceSweeper {
  let running: Promise<number> | null = null;
  const sweep = (): Promise<number> => {
    running ??= purgeExpiredSpaces(ctx.db, ctx.clock())
      .then((purged) => {
        if (purged > 0) ctx.logger.info({ purged }, 'deleted spaces purged after their retention');
        return purged;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    sweep().catch((err: Error) => ctx.logger.warn({ err: err.message }, 'space sweep failed; retrying on the next tick'));
  }, intervalMs);
  timer.unref();
  return {
    sweep,
    stop: async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
