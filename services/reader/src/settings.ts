import { z } from '@quire/input';
import { readEnv } from '@quire/platform/config';

// The reader's own settings and their one set of defaults (both modes read them from the
// environment; README, Configuration, and docs/reader.md list them). The bottom of the service:
// imports nothing of it.

const readerEnvSchema = z.object({
  READER_ANSWER_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  READER_VISIT_QUEUE: z.coerce.number().int().positive().default(10_000),
  READER_VISIT_LINGER_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  READER_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).default(3600),
  READER_CACHE_MAX_ENTRY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 * 1024),
  READER_CACHE_LOCAL_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(32 * 1024 * 1024),
  READER_RESOLUTION_TTL_SECONDS: z.coerce.number().int().min(0).default(60),
  READER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000),
});

export interface ReaderSettings {
  /**
   * The longest a visitor waits for a page: past it (sites or content slow or down) the reader
   * answers a 503 page at once. Each gRPC call has its own deadline too (GRPC_DEADLINE_MS).
   */
  answerTimeoutMs: number;
  /**
   * Insights events of served answers waiting to be sent, per process, at most: past it new ones
   * are dropped and counted (`reader_visit_events_dropped_total`), so insights down never grows memory.
   */
  visitQueue: number;
  /**
   * How long a served answer's event waits for others before they leave together in one call to
   * insights; 0 sends each batch as soon as the answer is out.
   */
  visitLingerMs: number;
  /**
   * How long a rendered answer is kept in the shared cache; 0 turns the cache off. Keys carry every
   * input's version, so this bounds memory, never staleness.
   */
  cacheTtlSeconds: number;
  /**
   * How long sites' resolution of an anonymous visitor's URL on a public or unlisted site is kept
   * at most; 0 turns it off. Events invalidate it first (a merge, publish, redirect…); this bounds
   * staleness only when an event is lost (a cache write that failed).
   */
  resolutionTtlSeconds: number;
  /**
   * Bytes each process also keeps parsed in memory (its most recently used), for each of its three
   * caches: rendered answers, kept reads and kept resolutions; 0: none. Never staler than the shared
   * cache: answers' and reads' keys carry every version, resolutions are checked against generations.
   */
  cacheLocalMaxBytes: number;
  /** A rendered answer larger than this (compressed, as stored) is not cached. */
  cacheMaxEntryBytes: number;
  /**
   * Requests one client address may make per minute, across every copy (the cache's shared
   * window); past it a 429 with Retry-After. The gateway's RATE_LIMIT_PER_MINUTE still applies too.
   */
  rateLimitPerMinute: number;
}

export function readerSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ReaderSettings {
  const e = readEnv(readerEnvSchema, env);
  return {
    answerTimeoutMs: e.READER_ANSWER_TIMEOUT_MS,
    visitQueue: e.READER_VISIT_QUEUE,
    visitLingerMs: e.READER_VISIT_LINGER_MS,
    cacheTtlSeconds: e.READER_CACHE_TTL_SECONDS,
    cacheMaxEntryBytes: e.READER_CACHE_MAX_ENTRY_BYTES,
    resolutionTtlSeconds: e.READER_RESOLUTION_TTL_SECONDS,
    cacheLocalMaxBytes: e.READER_CACHE_LOCAL_MAX_BYTES,
    rateLimitPerMinute: e.READER_RATE_LIMIT_PER_MINUTE,
  };
}
