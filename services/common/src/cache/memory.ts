import type { Cache } from './cache';

interface Entry {
  value: string;
  expiresAt: number;
}

/** Embedded-mode cache with Redis's expiry semantics, swept lazily. */
export class MemoryCache implements Cache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async del(keys: string[]): Promise<void> {
    for (const k of keys) this.entries.delete(k);
  }

  async incrementWindow(key: string, ttlSeconds: number, by = 1): Promise<number> {
    const entry = this.live(key);
    const value = (entry ? Number(entry.value) : 0) + by;
    this.entries.set(key, { value: String(value), expiresAt: entry?.expiresAt ?? this.now() + ttlSeconds * 1000 });
    return value;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.entries.clear();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }
}
