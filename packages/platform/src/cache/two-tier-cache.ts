import { withTimeout } from '@quire/helpers';
import type { Logger } from '../logger';
import type { Cache } from './cache';
import { LocalLru } from './local-lru';

export interface TwoTierCacheOptions<Op extends string> {
  /** A shared-cache read slower than this is a miss: the caller works without it. */
  readTimeoutMs: number;
  /** Bytes of values this process keeps beside the shared cache (its most recently used); 0: none. */
  localMaxBytes: number;
  /** Counts one failed (or late) operation on the shared cache. */
  countFailure: (op: Op) => void;
  /** What the throttled warning says the caller does instead, e.g. "reader answer cache unavailable; rendering". */
  unavailableMessage: string;
}

/**
 * The shape every process-side cache in front of the shared cache takes: a process LRU, shared
 * reads bounded in time (late is a miss), writes that never throw, and failures counted and
 * warned about at most once per 10 s (a cache that is down fails every request; one line is
 * enough). The caller decides what a key holds and when an entry is still good.
 */
export class TwoTierCache<V, Op extends string = 'get' | 'set'> {
  readonly local: LocalLru<V>;
  private lastWarn = 0;

  constructor(
    readonly shared: Cache,
    private readonly options: TwoTierCacheOptions<Op>,
    private readonly logger: Logger,
  ) {
    this.local = new LocalLru(options.localMaxBytes);
  }

  /** `work` on the shared cache, rejected when it outlasts the read timeout. */
  timed<T>(work: Promise<T>): Promise<T> {
    return withTimeout(work, this.options.readTimeoutMs, `no answer in ${this.options.readTimeoutMs} ms`);
  }

  /** The shared cache's text under `key`; null when absent, failing or late (counted as `failedAs`). */
  async read(key: string, failedAs: Op): Promise<string | null> {
    try {
      return await this.timed(this.shared.get(key));
    } catch (err) {
      this.failed(failedAs, err);
      return null;
    }
  }

  /** Writes `text` to the shared cache; whether it was written. Never throws (a failure is counted as `failedAs`). */
  async write(key: string, text: string, ttlSeconds: number, failedAs: Op): Promise<boolean> {
    try {
      await this.shared.set(key, text, ttlSeconds);
      return true;
    } catch (err) {
      this.failed(failedAs, err);
      return false;
    }
  }

  failed(op: Op, err: unknown): void {
    this.options.countFailure(op);
    if (Date.now() - this.lastWarn > 10_000) {
      this.lastWarn = Date.now();
      this.logger.warn({ op, err: (err as Error).message }, this.options.unavailableMessage);
    }
  }
}
