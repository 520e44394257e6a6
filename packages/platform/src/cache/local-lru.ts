/**
 * A process's own most recently used values, bounded by accounted bytes and a time to live: the
 * layer in front of the shared cache for values whose keys carry every version they depend on (so
 * a kept value is never stale, only old). Not a substitute for the shared cache: a second copy of
 * the service has its own, and each starts empty.
 */
export class LocalLru<V> {
  /** In recency order: the first entry is the least recently used. */
  private readonly entries = new Map<string, { value: V; bytes: number; expiresAt: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(key: string): V | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    this.entries.delete(key);
    if (kept.expiresAt <= this.now()) {
      this.bytes -= kept.bytes;
      return undefined;
    }
    this.entries.set(key, kept);
    return kept.value;
  }

  /** Keeps a value of `bytes` for `ttlMs`; one larger than a quarter of the bound is not kept (it would push out many). */
  set(key: string, value: V, bytes: number, ttlMs: number): void {
    if (bytes > this.maxBytes / 4 || ttlMs <= 0) return;
    this.delete(key);
    this.entries.set(key, { value, bytes, expiresAt: this.now() + ttlMs });
    this.bytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const kept = this.entries.get(key);
    if (!kept) return;
    this.entries.delete(key);
    this.bytes -= kept.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get accountedBytes(): number {
    return this.bytes;
  }
}
