// The answer cache's face (docs/reader.md "Fast and fresh"): rendered answers kept
// under keys that carry every input's version, their compressed bodies, ETags and conditional GETs.
import type { ServiceContext } from '@quire/platform/runtime';
import { Counter } from 'prom-client';
import { AnswerCache, type AnswerCacheSettings } from './application/answer-cache';

export { AnswerCache, type AnswerCacheSettings } from './application/answer-cache';
export { RenderFlights } from './application/render-flights';
export { answerCacheKey, CACHED_KINDS, type CachedAnswer, type CachedKind, type ResolvedAddress } from './domain/cached-answer';
export { subscribeToSiteEvents, READER_CACHE_CONSUMER } from './consumers/site-events.consumer';
export { chooseCoding, encodeBody, isNotModified, representationOf, type EncodedBody } from './domain/encoded-body';

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
