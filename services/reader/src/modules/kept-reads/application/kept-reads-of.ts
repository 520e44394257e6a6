import type { ServiceContext } from '@quire/platform/runtime';
import { Counter } from 'prom-client';
import { KeptReads, type KeptReadsSettings } from './kept-reads';

/** The kept reads with their read and error counters on the service's metrics. */
export function keptReads(ctx: Pick<ServiceContext, 'cache' | 'metrics' | 'logger'>, settings: KeptReadsSettings): KeptReads {
  const registers = [ctx.metrics.registry];
  const counters = {
    reads: new Counter({
      name: 'reader_kept_reads_total',
      help: "Sites' and content's answers the reader needed, by where they came from: local (this process), shared (the cache), loaded (the service)",
      labelNames: ['read', 'outcome'],
      registers,
    }),
    errors: new Counter({
      name: 'reader_kept_reads_errors_total',
      help: 'Kept-read cache reads, writes and parses that failed or were late (the service was asked)',
      labelNames: ['op'],
      registers,
    }),
  };
  return new KeptReads(ctx.cache, settings, counters, ctx.logger);
}
