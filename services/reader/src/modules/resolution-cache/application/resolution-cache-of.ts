import type { ServiceContext } from '@quire/platform/runtime';
import { Counter } from 'prom-client';
import { ResolutionCache, type ResolutionCacheSettings } from './resolution-cache';

/** The resolution cache with its lookup and error counters on the service's metrics. */
export function resolutionCache(ctx: Pick<ServiceContext, 'cache' | 'metrics' | 'logger'>, settings: ResolutionCacheSettings): ResolutionCache {
  const registers = [ctx.metrics.registry];
  return new ResolutionCache(
    ctx.cache,
    settings,
    {
      lookups: new Counter({
        name: 'reader_resolution_lookups_total',
        help: 'Resolution cache lookups by outcome: hit (no call to sites), absent, hint, stale (an event moved a generation), error',
        labelNames: ['outcome'],
        registers,
      }),
      errors: new Counter({
        name: 'reader_resolution_cache_errors_total',
        help: 'Resolution cache reads and writes that failed or were late',
        labelNames: ['op'],
        registers,
      }),
    },
    ctx.logger,
  );
}
