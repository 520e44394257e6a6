import { tooManyRequests } from '@quire/errors';
import type { Cache } from './cache';
import type { Logger } from '../logger';

interface Allowance {
  window: number;
  granted: number;
  used: number;
  exhausted: boolean;
  /** The block being claimed from the shared counter; concurrent requests wait for it. */
  claiming: Promise<boolean> | null;
}

/**
 * Per-key fixed-window limit shared through the cache (Redis in distributed mode, memory in
 * embedded mode): the gateway's per-token and per-address limits, the reader's per-client one. A worker claims requests from the shared
 * counter in blocks (INCRBY), so Redis is asked once per block rather than once per request, and
 * the total across workers never exceeds the limit. If Redis is down the limiter lets requests
 * through (it protects capacity; it is not a security boundary) and says so in the log.
 */
export class RateLimiter {
  private readonly allowances = new Map<string, Allowance>();
  private readonly block: number;
  private lastWarn = 0;

  constructor(
    private readonly cache: Cache,
    private readonly logger: Logger,
    private readonly limitPerWindow: number,
    private readonly windowSeconds = 60,
    private readonly now: () => number = Date.now,
  ) {
    this.block = Math.max(1, Math.min(100, Math.floor(limitPerWindow / 20)));
  }

  /**
   * Takes `count` requests (a batch of calls is charged for each) or none: throws a 429 with
   * Retry-After (seconds to the window's end) when fewer than `count` are left in the key's window.
   */
  async take(key: string, count = 1): Promise<void> {
    const nowMs = this.now();
    const window = Math.floor(nowMs / 1000 / this.windowSeconds);
    let allowance = this.allowances.get(key);
    if (!allowance || allowance.window !== window) {
      if (this.allowances.size > 50000) this.allowances.clear();
      allowance = { window, granted: 0, used: 0, exhausted: false, claiming: null };
      this.allowances.set(key, allowance);
    }
    while (allowance.used + count > allowance.granted && !allowance.exhausted) {
      if (!allowance.claiming) allowance.claiming = this.claimBlock(key, allowance).finally(() => (allowance!.claiming = null));
      if (!(await allowance.claiming)) return;
    }
    if (allowance.used + count <= allowance.granted) {
      allowance.used += count;
      return;
    }
    const windowEndsMs = (window + 1) * this.windowSeconds * 1000;
    throw tooManyRequests(Math.max(1, Math.ceil((windowEndsMs - nowMs) / 1000)));
  }

  /** Claims the next block; resolves false when the cache is down (the request is let through). */
  private async claimBlock(key: string, allowance: Allowance): Promise<boolean> {
    try {
      const total = await this.cache.incrementWindow(`rl:${key}:${allowance.window}`, this.windowSeconds + 1, this.block);
      const grant = Math.max(0, Math.min(this.block, this.limitPerWindow - (total - this.block)));
      allowance.granted += grant;
      if (grant < this.block) allowance.exhausted = true;
      return true;
    } catch (err) {
      const nowMs = this.now();
      if (nowMs - this.lastWarn > 10000) {
        this.lastWarn = nowMs;
        this.logger.warn({ err: (err as Error).message }, 'rate limiter: cache unavailable, not limiting');
      }
      return false;
    }
  }
}
