import type { ServiceContext } from '@quire/platform/runtime';
import { Counter } from 'prom-client';
import { AnswerCache, type AnswerCacheSettings } from './answer-cache';

/** The answer cache with its hit, miss and error counters on the service's metrics. */
export function answerCache(ctx: Pick<ServiceContext, 'cache' | 'metrics' | 'logger'>, settings: AnswerCacheSettings): AnswerCache {
  const registers = [ctx.metrics.registry];
  const counters = {
    hits: new Counter({ name: 'reader_cache_hits_total', help: 'Rendered answers served from the answer cache', labelNames: ['kind'], registers }),
    misses: new Counter({ name: 'reader_cache_misses_total', help: 'Cacheable answers rendered: not in the answer cache', labelNames: ['kind'], registers }),
    errors: new Counter({
      name: 'reader_cache_errors_total',
      help: 'Answer cache reads and writes that failed or were late (the answer was rendered)',
      labelNames: ['op'],
      registers,
    }),
  };
  return new AnswerCache(ctx.cache, settings, counters, ctx.logger);
}
