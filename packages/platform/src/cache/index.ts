// The cache port and the in-process cache; Redis is its own entry (cache/redis).
export * from './cache';
export { DEFAULT_MEMORY_CACHE_MAX_BYTES, MemoryCache, type MemoryCacheOptions } from './memory';
export { LocalLru } from './local-lru';
export { RateLimiter } from './rate-limiter';
export { TwoTierCache, type TwoTierCacheOptions } from './two-tier-cache';
