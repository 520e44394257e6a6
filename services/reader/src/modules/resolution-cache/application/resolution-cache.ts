import { TwoTierCache, type Cache } from '@quire/platform/cache';
import type { Logger } from '@quire/platform/logger';
import type { sites } from '@quire/proto';
import type { Counter } from 'prom-client';
import {
  generationKeysOf,
  isCurrent,
  isKeepable,
  newGeneration,
  parseKeptResolution,
  resolutionKey,
  serializeKeptResolution,
  type KeptResolution,
} from '../domain/kept-resolution';

/**
 * How long a read of a site's generations answers the lookups after it: the staleness it adds is
 * far below an event's own way to the reader (tens of ms), and under load it turns a Redis round
 * trip per cached page into a few a second (docs/reader.md, Fast and fresh).
 */
export const GENERATION_REUSE_MS = 5;

export interface ResolutionCacheSettings {
  /** How long a kept resolution may be used at most (the safety net behind the events); 0: off. */
  ttlSeconds: number;
  /** How long a generation lives after its last event: far longer than any entry. */
  generationTtlSeconds: number;
  /** Reads (and generation writes) slower than this are a miss: the URL resolves through sites. */
  readTimeoutMs: number;
  /** Bytes of entries this process also keeps parsed (its most recently used); 0 or absent: none. */
  localMaxBytes?: number;
  /** How long a finished read of generations still answers lookups of the same keys; 0 or absent: only while in flight. */
  generationReuseMs?: number;
}

/** A miss, and what to keep sites' answer with: the generations read before sites was asked, when the ids were known. */
export interface ResolutionMiss {
  key: string;
  seen?: { site: string; spaces: string[]; generations: string[] };
}

export type ResolutionLookup = { kind: 'hit'; resolved: sites.ResolvePublishedUrlResponse } | ({ kind: 'miss' } & ResolutionMiss);

/**
 * Sites' resolutions of anonymous visitors' URLs in the platform's shared cache (Redis in
 * distributed mode, memory in embedded mode), so a cached page costs no call to sites.
 *
 * An entry is used only while the generations of its site and spaces are those it recorded
 * (consumers/generation-events writes a new one on every event about them). Generations are read
 * before sites is asked and recorded with its answer, so an event landing meanwhile leaves the
 * entry stale, never wrong. A URL seen for the first time has no known ids: its entry is a hint
 * (the ids only), and the next request reads their generations first and keeps the answer. A cache
 * that fails or is slow is a miss; nothing here ever fails a page.
 */
export class ResolutionCache {
  /**
   * Entries this process read or kept, parsed (its local tier): a hit then costs one read (the
   * generations), not two. Checked against the current generations like a shared entry, so never
   * more stale.
   */
  private readonly tiers: TwoTierCache<KeptResolution>;
  /** Reads of generations in flight or just done, by their keys: lookups of the same site and spaces meanwhile join them. */
  private readonly generationReads = new Map<string, Promise<(string | null)[]>>();

  constructor(
    cache: Cache,
    private readonly settings: ResolutionCacheSettings,
    private readonly counters: { lookups: Counter<'outcome'>; errors: Counter<'op'> },
    logger: Logger,
  ) {
    this.tiers = new TwoTierCache(
      cache,
      {
        readTimeoutMs: settings.readTimeoutMs,
        localMaxBytes: settings.localMaxBytes ?? 0,
        countFailure: (op) => counters.errors.inc({ op }),
        unavailableMessage: 'reader resolution cache unavailable; resolving through sites',
      },
      logger,
    );
  }

  get enabled(): boolean {
    return this.settings.ttlSeconds > 0;
  }

  async lookup(url: string): Promise<ResolutionLookup> {
    const key = resolutionKey(url);
    try {
      const held = this.tiers.local.get(key);
      if (held?.resolved) {
        if (isCurrent(held.generations, await this.currentGenerations(generationKeysOf(held)))) return this.hit(held.resolved);
        this.tiers.local.delete(key);
      }
      const [text] = await this.tiers.timed(this.tiers.shared.mget([key]));
      const entry = text ? parseKeptResolution(text) : null;
      if (!entry) return this.missed('absent', { key });
      const keys = generationKeysOf(entry);
      const current = await this.currentGenerations(keys);
      if (entry.resolved && isCurrent(entry.generations, current)) {
        this.holdLocally(key, entry, text as string);
        return this.hit(entry.resolved);
      }
      const generations = await this.tiers.timed(this.started(keys, current));
      return this.missed(entry.resolved ? 'stale' : 'hint', { key, seen: { site: entry.site, spaces: entry.spaces, generations } });
    } catch (err) {
      this.tiers.failed('get', err);
      return this.missed('error', { key });
    }
  }

  /** Keeps sites' answer after a miss when anyone may be given it; never throws, never waited for. */
  async keep(miss: ResolutionMiss, resolved: sites.ResolvePublishedUrlResponse): Promise<void> {
    if (!isKeepable(resolved)) return;
    const ids = { site: resolved.content.site, spaces: resolved.content.spaceIds };
    const seen = miss.seen;
    const sameIds = seen !== undefined && seen.site === ids.site && seen.spaces.join('\n') === ids.spaces.join('\n');
    const entry: KeptResolution = sameIds ? { ...ids, generations: seen.generations, resolved, keptAt: Date.now() } : ids;
    const text = serializeKeptResolution(entry);
    if (entry.resolved) this.holdLocally(miss.key, entry, text);
    await this.tiers.write(miss.key, text, this.settings.ttlSeconds, 'set');
  }

  /**
   * The current generations of `keys`: one read of the shared cache for all the lookups that ask
   * for the same keys while it is in flight, and for `generationReuseMs` after it answered, so under
   * load a site's visitors cost a few round trips a second together rather than one each. A lookup
   * that joins a read is answered as if it had come that much earlier: never staler than one round
   * trip and the reuse (5 ms in the service, against tens of ms for an event to reach the reader).
   * A failed read answers only the lookups that joined it.
   */
  private currentGenerations(keys: string[]): Promise<(string | null)[]> {
    const id = keys.join('\n');
    let read = this.generationReads.get(id);
    if (!read) {
      const reuseMs = this.settings.generationReuseMs ?? 0;
      const forget = () => {
        if (this.generationReads.get(id) === read) this.generationReads.delete(id);
      };
      read = this.tiers.timed(this.tiers.shared.mget(keys));
      read.then(() => (reuseMs > 0 ? setTimeout(forget, reuseMs).unref() : forget()), forget);
      this.generationReads.set(id, read);
    }
    return read;
  }

  /** The generations as read, a missing one (never bumped, or expired) given a first value before sites is asked. */
  private async started(keys: string[], current: (string | null)[]): Promise<string[]> {
    const generations = current.map((g) => g ?? newGeneration());
    await Promise.all(
      keys.map((k, i) => (current[i] === null ? this.tiers.shared.set(k, generations[i] as string, this.settings.generationTtlSeconds) : undefined)),
    );
    return generations;
  }

  private hit(resolved: sites.ResolvePublishedUrlResponse): ResolutionLookup {
    this.counters.lookups.inc({ outcome: 'hit' });
    return { kind: 'hit', resolved };
  }

  /** Held no longer than the shared entry lives (TTL from when it was kept; an entry without that date: from now). */
  private holdLocally(key: string, entry: KeptResolution, text: string): void {
    const expiresAt = (entry.keptAt ?? Date.now()) + this.settings.ttlSeconds * 1000;
    this.tiers.local.set(key, entry, text.length * 2, expiresAt - Date.now());
  }

  private missed(outcome: 'absent' | 'stale' | 'hint' | 'error', miss: ResolutionMiss): ResolutionLookup {
    this.counters.lookups.inc({ outcome });
    return { kind: 'miss', ...miss };
  }
}
