import { z } from '@quire/input';
import { DEFAULT_MEMORY_CACHE_MAX_BYTES } from '@quire/platform/cache';
import { readEnv, sharedEnvSchema } from '@quire/platform/config';

/** Embedded mode only (`npm start`): the bound of the in-memory cache that stands in for Redis. */
export function embeddedCacheMaxBytesFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const schema = z.object({ EMBEDDED_CACHE_MAX_BYTES: z.coerce.number().int().positive().default(DEFAULT_MEMORY_CACHE_MAX_BYTES) });
  return readEnv(schema, env).EMBEDDED_CACHE_MAX_BYTES;
}

/**
 * Embedded mode's default gRPC deadline for the gateway and the API's services (GRPC_DEADLINE_MS,
 * 2 s in distributed mode). Here every service is this process, so a call past its deadline never
 * means a service is down: only that the process, and the one database session all services
 * share, is busy (a 600 KB page being merged on a loaded machine held another request's identity
 * call 2.3 s). The called service finishes the work anyway, so a 503 then only fails a request
 * that would have succeeded a moment later. It stays well under the gateway's
 * UPSTREAM_TIMEOUT_MS (30 s).
 */
export const EMBEDDED_GRPC_DEADLINE_MS = 10_000;

export interface EmbeddedGrpcDeadlines {
  /** The gateway's and every service's calls but the reader's. */
  api: number;
  /**
   * The reader's calls: the shared default, as in distributed mode. The reader shows a page without
   * what a late call would have added (an OpenAPI block says it is not available) and answers a 503
   * page past READER_ANSWER_TIMEOUT_MS (5 s): both need its calls to give up well before that.
   */
  reader: number;
}

/** The deadlines embedded mode gives its calls; a GRPC_DEADLINE_MS the operator set is every call's. */
export function embeddedGrpcDeadlinesFromEnv(env: NodeJS.ProcessEnv = process.env): EmbeddedGrpcDeadlines {
  const shared = readEnv(sharedEnvSchema.pick({ GRPC_DEADLINE_MS: true }), env).GRPC_DEADLINE_MS;
  return env.GRPC_DEADLINE_MS === undefined ? { api: EMBEDDED_GRPC_DEADLINE_MS, reader: shared } : { api: shared, reader: shared };
}
