import type { IncomingMessage } from 'node:http';
import { ApiError } from '@quire/errors';
import type { RateLimiter } from '@quire/platform/cache';
import { clientAddressOf } from '@quire/platform/http';

/** Requests per minute per client address (READER_RATE_LIMIT_PER_MINUTE), shared by every copy. */
export interface ClientLimit {
  /**
   * Null when the client may be answered (then `cost` requests are charged: a batch costs each of
   * its calls); else the seconds until it may ask again (Retry-After), and nothing is charged.
   */
  retryAfter(req: IncomingMessage, cost?: number): Promise<number | null>;
}

/**
 * The reader's own limit per client address, on the platform's shared limiter (the
 * gateway's): a fixed window counted in the cache, Redis in distributed mode (every copy of the
 * reader counts against the same window), memory in embedded mode. A cache that is down lets
 * requests through, as the gateway's limit does.
 */
export function clientLimit(limiter: RateLimiter): ClientLimit {
  return {
    retryAfter: async (req, cost = 1) => {
      try {
        await limiter.take(`reader:${clientAddressOf(req)}`, cost);
        return null;
      } catch (err) {
        if (err instanceof ApiError && err.code === 429) return Number(err.headers['Retry-After']) || 1;
        throw err;
      }
    },
  };
}
