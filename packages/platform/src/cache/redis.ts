import type * as Redis from 'redis';
import { DependencyUnavailableError } from '@quire/errors';
import type { Logger } from '../logger';
import type { Cache } from './cache';

type Client = ReturnType<typeof Redis.createClient>;

// Required when the first cache is made, not when the package index loads this file: embedded mode
// never uses Redis, and the client with its modules costs every start ~150 ms of CPU.
let redis: typeof Redis | undefined;
function loadRedis(): typeof Redis {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  return (redis ??= require('redis') as typeof Redis);
}

/** Distributed-mode cache on Redis. Commands fail at once while disconnected (no offline queue). */
export class RedisCache implements Cache {
  private readonly client: Client;

  constructor(
    url: string,
    private readonly logger: Logger,
  ) {
    this.client = loadRedis().createClient({
      url,
      disableOfflineQueue: true,
      socket: { connectTimeout: 1000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
    });
    let lastWarn = 0;
    this.client.on('error', (err: Error) => {
      if (Date.now() - lastWarn > 10000) {
        lastWarn = Date.now();
        this.logger.warn({ err: err.message }, 'redis error');
      }
    });
  }

  /**
   * Starts connecting and waits at most `waitMs` for the first connection. node-redis keeps
   * reconnecting in the background, so a process can start while Redis is still down.
   */
  async connect(waitMs = 2000): Promise<void> {
    const connecting = this.client.connect().catch((err: Error) => this.logger.warn({ err: err.message }, 'redis connect failed'));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([connecting, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    if (!this.client.isReady) this.logger.warn('redis not reachable yet; retrying in the background');
  }

  async get(key: string): Promise<string | null> {
    return this.run(() => this.client.get(key));
  }

  async mget(keys: string[]): Promise<(string | null)[]> {
    if (!keys.length) return [];
    return this.run(() => this.client.mGet(keys));
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.run(() => this.client.set(key, value, { EX: ttlSeconds }));
  }

  async del(keys: string[]): Promise<void> {
    if (keys.length) await this.run(() => this.client.del(keys));
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    return this.run(async () => {
      let deleted = 0;
      let batch: string[] = [];
      // Glob characters in the prefix are matched literally.
      for await (const key of this.client.scanIterator({ MATCH: `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`, COUNT: 1000 })) {
        batch.push(key);
        if (batch.length === 500) {
          deleted += await this.client.unlink(batch);
          batch = [];
        }
      }
      if (batch.length) deleted += await this.client.unlink(batch);
      return deleted;
    });
  }

  async incrementWindow(key: string, ttlSeconds: number, by = 1): Promise<number> {
    const [value] = await this.run(() => this.client.multi().incrBy(key, by).expire(key, ttlSeconds, 'NX').exec());
    return Number(value);
  }

  async ping(): Promise<void> {
    await this.run(() => this.client.ping());
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.quit().catch(() => undefined);
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    if (!this.client.isReady) throw new DependencyUnavailableError('redis is not connected');
    try {
      return await command();
    } catch (err) {
      throw new DependencyUnavailableError(`redis: ${(err as Error).message}`);
    }
  }
}
