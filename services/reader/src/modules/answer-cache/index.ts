// The answer cache's face (docs/reader.md "Fast and fresh"): rendered answers kept
// under keys that carry every input's version, their compressed bodies, ETags and conditional GETs.
export { AnswerCache, type AnswerCacheSettings } from './application/answer-cache';
export { RenderFlights } from './application/render-flights';
export { answerCacheKey, CACHED_KINDS, type CachedAnswer, type CachedKind, type ResolvedAddress } from './domain/cached-answer';
export { subscribeToSiteEvents, READER_CACHE_CONSUMER } from './consumers/site-events.consumer';
export { chooseCoding, encodeBody, isNotModified, representationOf, type EncodedBody } from './domain/encoded-body';
export { answerCache } from './application/answer-cache-of';
