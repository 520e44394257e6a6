import type { Cache } from './cache';

interface Entry {
  value: string;
  expiresAt: number;
  bytes: number;
}

export interface MemoryCacheOptions {
  /** Upper bound of the entries' accounted bytes; the least recently used go first beyond it. */
  maxBytes?: number;
  /** How often expired entries are dropped without being read. */
  sweepIntervalMs?: number;
}

/** EMBEDDED_CACHE_MAX_BYTES's default. */
export const DEFAULT_MEMORY_CACHE_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_SWEEP_INTERVAL_MS = 10_000;
/** The Map slot, the entry object and the two numbers, roughly, on 64-bit V8. */
const ENTRY_OVERHEAD_BYTES = 96;

/**
 * Embedded-mode cache with Redis's expiry semantics (a key is gone once its TTL has passed), bounded
 * like Redis's `maxmemory` with `allkeys-lru`: the least recently used entries are evicted once the
 * accounted bytes pass `maxBytes`, and a value larger than the bound is not kept. An entry is
 * accounted at 2 bytes per UTF-16 code unit of its key and value (what V8 stores at most) plus a
 * fixed overhead. A background sweep (unref'd: it never keeps the process alive) drops expired
 * entries nobody reads again, so memory follows what is live, not what was ever written.
 * Hand-written rather than `lru-cache`: that one counts an entry as expired only after its TTL
 * (Redis: at it), takes a start time of 0 for "no TTL" (an injected clock starts there), and
 * expires in the background with one timer per entry.
 */
export class MemoryCache implements Cache {
  /** In recency order: the first entry is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly sweepIntervalMs: number;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly now: () => number = Date.now,
    options: MemoryCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MEMORY_CACHE_MAX_BYTES;
    this.sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
    if (!(this.maxBytes > 0)) throw new Error(`MemoryCache maxBytes must be positive, got ${this.maxBytes}`);
  }

  async get(key: string): Promise<string | null> {
    const entry = this.live(key);
    if (!entry) return null;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  async mget(keys: string[]): Promise<(string | null)[]> {
    return Promise.all(keys.map((k) => this.get(k)));
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.put(key, value, this.now() + ttlSeconds * 1000);
  }

  async del(keys: string[]): Promise<void> {
    for (const k of keys) this.remove(k);
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    const doomed = [...this.entries.keys()].filter((k) => k.startsWith(prefix));
    for (const k of doomed) this.remove(k);
    return doomed.length;
  }

  async incrementWindow(key: string, ttlSeconds: number, by = 1): Promise<number> {
    const entry = this.live(key);
    const value = (entry ? Number(entry.value) : 0) + by;
    this.put(key, String(value), entry?.expiresAt ?? this.now() + ttlSeconds * 1000);
    return value;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    this.entries.clear();
    this.bytes = 0;
  }

  /** What the bound counts: live and not yet swept entries, and their accounted bytes. */
  usage(): { entries: number; bytes: number; maxBytes: number } {
    return { entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes };
  }

  /** Drops every expired entry (the background sweep calls this). */
  sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.remove(key);
  }

  private put(key: string, value: string, expiresAt: number): void {
    this.remove(key);
    const bytes = 2 * (key.length + value.length) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, expiresAt, bytes });
    this.bytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
    this.startSweeping();
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.remove(key);
      return undefined;
    }
    return entry;
  }

  private startSweeping(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => this.sweep(), this.sweepIntervalMs);
    this.sweeper.unref();
  }
}
