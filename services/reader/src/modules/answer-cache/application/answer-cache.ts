import { TwoTierCache, type Cache } from '@quire/platform/cache';
import type { Logger } from '@quire/platform/logger';
import type { Counter } from 'prom-client';
import { parseCachedAnswer, serializeCachedAnswer, type CachedAnswer, type CachedKind } from '../domain/cached-answer';
import { RenderFlights } from './render-flights';

export interface AnswerCacheSettings {
  /** How long an entry is kept; 0: the cache is off. Keys carry every version, so this bounds memory only. */
  ttlSeconds: number;
  /** An entry larger than this (serialized, compressed bodies in base64) is not kept. */
  maxEntryBytes: number;
  /** How long a read may take before the answer is rendered instead. */
  readTimeoutMs: number;
  /**
   * Bytes of bodies this process keeps parsed beside the shared cache (its most recently used
   * entries); 0 or absent: none. A key carries every version, so a kept entry is never stale.
   */
  localMaxBytes?: number;
}

export interface AnswerCacheCounters {
  hits: Counter<'kind'>;
  misses: Counter<'kind'>;
  errors: Counter<'op'>;
}

/**
 * Rendered answers in the platform's shared cache (Redis in distributed mode, shared by every
 * reader copy; in process in embedded mode). A cache that fails, is slow or holds a broken entry
 * is a miss and the answer is rendered: the cache never fails a page.
 */
export class AnswerCache {
  /** The long answers' renders in flight in this process: one per key (render-flights.ts). */
  readonly flights = new RenderFlights();
  /** Parsing an entry (JSON, base64 bodies) costs more than serving it: the process keeps its recent ones. */
  private readonly tiers: TwoTierCache<CachedAnswer>;

  constructor(
    cache: Cache,
    private readonly settings: AnswerCacheSettings,
    private readonly counters: AnswerCacheCounters,
    logger: Logger,
  ) {
    this.tiers = new TwoTierCache(
      cache,
      {
        readTimeoutMs: settings.readTimeoutMs,
        localMaxBytes: settings.localMaxBytes ?? 0,
        countFailure: (op) => counters.errors.inc({ op }),
        unavailableMessage: 'reader answer cache unavailable; rendering',
      },
      logger,
    );
  }

  get enabled(): boolean {
    return this.settings.ttlSeconds > 0;
  }

  async get(key: string, kind: CachedKind): Promise<CachedAnswer | null> {
    const kept = this.tiers.local.get(key);
    if (kept) {
      this.counters.hits.inc({ kind });
      return kept;
    }
    const text = await this.tiers.read(key, 'get');
    const answer = text === null ? null : parseCachedAnswer(text);
    (answer ? this.counters.hits : this.counters.misses).inc({ kind });
    if (answer) this.keepLocally(key, answer);
    return answer;
  }

  /**
   * Keeps an answer unless it is larger than `sizeFactor` × maxEntryBytes (more than 1 for the
   * answers built from a whole site, which are few and costly to render again); never throws.
   * Whether it was kept.
   */
  async set(key: string, answer: CachedAnswer, sizeFactor = 1): Promise<boolean> {
    const text = serializeCachedAnswer(answer);
    if (text.length > this.settings.maxEntryBytes * sizeFactor) return false;
    this.keepLocally(key, answer);
    return this.tiers.write(key, text, this.settings.ttlSeconds, 'set');
  }

  /** Within localMaxBytes; a body sent uncompressed is inflated once per entry, hence the gzip form counted 4 times over. */
  private keepLocally(key: string, answer: CachedAnswer): void {
    const { identity, gzip, br } = answer.body;
    const bytes = (identity?.length ?? 0) + (gzip?.length ?? 0) + (br?.length ?? 0) + (identity ? 0 : (gzip?.length ?? 0) * 4);
    this.tiers.local.set(key, answer, bytes, this.settings.ttlSeconds * 1000);
  }
}
