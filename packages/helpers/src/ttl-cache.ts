/**
 * A bounded in-process map whose entries expire. Only for short-lived copies of answers that
 * live elsewhere (Postgres, Redis, another service): losing it costs a lookup, never data.
 * When full, it is cleared rather than tracking recency: cheap, and a refill is a lookup per key.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt > this.now()) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V, ttlMs = this.ttlMs): void {
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose key satisfies `matches` (e.g. all of one user). */
  deleteWhere(matches: (key: string) => boolean): void {
    for (const key of this.entries.keys()) if (matches(key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached value, or the loader's answer stored for next time. */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = await load();
    this.set(key, value);
    return value;
  }
}
