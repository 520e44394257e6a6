import { z } from '@quire/input';
import { DEFAULT_MEMORY_CACHE_MAX_BYTES } from '@quire/platform/cache';
import { readEnv } from '@quire/platform/config';

/** Embedded mode only (`npm start`): the bound of the in-memory cache that stands in for Redis. */
export function embeddedCacheMaxBytesFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const schema = z.object({ EMBEDDED_CACHE_MAX_BYTES: z.coerce.number().int().positive().default(DEFAULT_MEMORY_CACHE_MAX_BYTES) });
  return readEnv(schema, env).EMBEDDED_CACHE_MAX_BYTES;
}
