// The cache port: Redis in distributed mode, memory in embedded mode. Never the only copy of anything.
export interface Cache {
  get(key: string): Promise<string | null>;
  /** Several keys in one round trip (Redis MGET): each value or null, in the order asked. */
  mget(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  del(keys: string[]): Promise<void>;
  /**
   * Deletes every key that starts with `prefix`; answers how many. It walks the keyspace (Redis
   * SCAN, never KEYS): for rare housekeeping (a site unpublished), not for a request's path.
   */
  deleteByPrefix(prefix: string): Promise<number>;
  /** Adds `by` to a counter that expires `ttlSeconds` after its first increment; returns the new value. */
  incrementWindow(key: string, ttlSeconds: number, by?: number): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
