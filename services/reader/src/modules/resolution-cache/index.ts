// The resolution cache's face (docs/reader.md "Fast and fresh"): sites' answers for
// anonymous visitors of public and unlisted sites, invalidated by events through generations.
export { GENERATION_REUSE_MS, ResolutionCache, type ResolutionCacheSettings, type ResolutionLookup, type ResolutionMiss } from './application/resolution-cache';
export { bumpOnContentEvent, bumpOnSiteEvent, subscribeToSpaceEvents, GENERATION_TTL_SECONDS } from './consumers/generation-events.consumer';
export { resolutionCache } from './application/resolution-cache-of';
