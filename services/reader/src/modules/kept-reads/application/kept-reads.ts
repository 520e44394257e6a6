import { TwoTierCache, type Cache } from '@quire/platform/cache';
import type { Logger } from '@quire/platform/logger';
import type { Counter } from 'prom-client';

export interface KeptReadsSettings {
  /** How long an answer is kept in the shared cache and in the process; 0: every read goes to the service. */
  ttlSeconds: number;
  /** A shared-cache read slower than this is a miss: the service is asked. */
  readTimeoutMs: number;
  /** Bytes of parsed answers this process keeps (its most recently used); 0: none. */
  localMaxBytes: number;
}

/**
 * Answers of sites and content that a version stamp in their key makes immutable (the site's
 * profile, a space's page tree): kept in the process, then in the platform's shared cache (Redis in
 * distributed mode, so one copy's read serves them all), else loaded and kept. Concurrent reads of
 * one key in a process share one load. A cache that fails or is slow is a miss and the service is
 * asked: keeping never fails a page. Values are plain JSON (ts-proto messages of strings, numbers
 * and booleans), so they round-trip through the cache exactly.
 */
export class KeptReads {
  private readonly tiers: TwoTierCache<unknown, 'get' | 'set' | 'parse'>;
  private readonly loading = new Map<string, Promise<unknown>>();

  constructor(
    cache: Cache,
    private readonly settings: KeptReadsSettings,
    private readonly counters: { reads: Counter<'read' | 'outcome'>; errors: Counter<'op'> },
    logger: Logger,
  ) {
    this.tiers = new TwoTierCache(
      cache,
      {
        readTimeoutMs: settings.readTimeoutMs,
        localMaxBytes: settings.localMaxBytes,
        countFailure: (op) => counters.errors.inc({ op }),
        unavailableMessage: 'reader kept reads: cache unavailable; asking the service',
      },
      logger,
    );
  }

  /**
   * The answer kept under `key`, else `load()`'s, kept when `keepable` says so (an answer that says
   * "not found" is not: the next read asks again). A null key (no version stamp) always loads.
   */
  async read<T>(read: string, key: string | null, load: () => Promise<T>, keepable: (value: T) => boolean = () => true): Promise<T> {
    if (!key || this.settings.ttlSeconds <= 0) return load();
    const kept = this.tiers.local.get(key);
    if (kept !== undefined) {
      this.counters.reads.inc({ read, outcome: 'local' });
      return kept as T;
    }
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const reading = this.readThrough(read, key, load, keepable).finally(() => this.loading.delete(key));
    this.loading.set(key, reading);
    return reading;
  }

  private async readThrough<T>(read: string, key: string, load: () => Promise<T>, keepable: (value: T) => boolean): Promise<T> {
    const shared = await this.tiers.read(key, 'get');
    if (shared !== null) {
      try {
        const value = JSON.parse(shared) as T;
        this.keepLocally(key, value, shared.length);
        this.counters.reads.inc({ read, outcome: 'shared' });
        return value;
      } catch (err) {
        this.tiers.failed('parse', err);
      }
    }
    const value = await load();
    this.counters.reads.inc({ read, outcome: 'loaded' });
    if (!keepable(value)) return value;
    const text = JSON.stringify(value);
    this.keepLocally(key, value, text.length);
    // Not waited for: the visitor does not wait on a write.
    void this.tiers.write(key, text, this.settings.ttlSeconds, 'set');
    return value;
  }

  /** Accounted at 2 bytes per character of its JSON: roughly what the parsed strings hold. */
  private keepLocally(key: string, value: unknown, jsonLength: number): void {
    this.tiers.local.set(key, value, jsonLength * 2, this.settings.ttlSeconds * 1000);
  }
}
