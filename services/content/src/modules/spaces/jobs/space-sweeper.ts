import type { ServiceContext } from '@quire/platform/runtime';
import { purgeExpiredSpaces } from '../application/purge-expired-spaces';

export const SWEEP_INTERVAL_MS = 60_000;

/** Removes the page bodies and blobs no revision uses (revisions' collectUnusedContent, given by service.ts: revisions sits above spaces). */
export type CollectUnusedContent = (db: ServiceContext['db'], blobs: ServiceContext['blobs']) => Promise<{ bodies: number; blobs: number }>;

export interface SpaceSweeper {
  /** One sweep now (also what each tick runs). */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Removes spaces whose 7 days of retention are over, and then the bodies and blobs no revision
 * uses any more, every `intervalMs`. Ticks never overlap;
 * a failed sweep is logged and retried on the next tick. Replicas may sweep side by side
 * (the purge skips rows another one holds).
 */
export function startSpaceSweeper(
  ctx: Pick<ServiceContext, 'db' | 'blobs' | 'clock' | 'logger'>,
  collectUnusedContent: CollectUnusedContent,
  intervalMs = SWEEP_INTERVAL_MS,
): SpaceSweeper {
  let running: Promise<number> | null = null;
  let ticks = 0;
  const sweep = (): Promise<number> => {
    running ??= purgeExpiredSpaces(ctx.db, ctx.clock())
      .then(async (purged) => {
        if (purged > 0) ctx.logger.info({ purged }, 'deleted spaces purged after their retention');
        // Bodies and blobs nothing uses: after a purge, and hourly for what failed imports left.
        if (purged > 0 || ticks++ % 60 === 0) {
          const collected = await collectUnusedContent(ctx.db, ctx.blobs);
          if (collected.bodies || collected.blobs) ctx.logger.info(collected, 'page bodies and blobs no revision uses were removed');
        }
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
