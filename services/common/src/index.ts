export * from './errors';
export * from './ids';
export * from './logger';
export * from './validation';
export * from './media-type';
export * from './pagination';
export * from './urls';
export * from './permissions';
export * from './principal';
export * from './topology';
export * from './config';
export * from './sql/database';
export { PostgresDatabase } from './sql/postgres';
export { PgliteDatabase, PgliteInstance } from './sql/pglite';
export { copyPublicSchema } from './sql/pglite-copy';
export { pgliteTemplateDir } from './sql/pglite-template';
export { migrate, COMMON_MIGRATIONS_DIR } from './sql/migrate';
export * from './bus/bus';
export { InProcessBus } from './bus/in-process';
export { KafkaBus } from './bus/kafka';
export * from './cache/cache';
export { DEFAULT_MEMORY_CACHE_MAX_BYTES, MemoryCache, type MemoryCacheOptions } from './cache/memory';
export { RedisCache } from './cache/redis';
export * from './outbox/outbox';
export * from './events';
export { OutboxRelay } from './outbox/relay';
export * from './outbox/sweeper';
export { idempotentConsumer } from './outbox/consumer';
export { classifyFailure, type FailureKind } from './dead-letters/failure-kind';
export { deliverBisecting } from './dead-letters/bisect';
export { DeadLetters, consumerName, type ReplayOutcome } from './dead-letters/dead-letters';
export type { DeadLetter, DeadLetterStatus } from './dead-letters/dead-letters.store';
export { ADMIN_HEADER, requireAdminCall } from './http/admin-call';
export { DEAD_LETTERS_LIST, DEAD_LETTERS_PATH, DEAD_LETTERS_REPLAY, deadLetterRoutes } from './dead-letters/admin.routes';
export * from './grpc/server';
export * from './grpc/client';
export * from './grpc/target';
export * from './grpc/clients';
export * from './http/observability';
export * from './http/service-app';
export * from './http/graceful-close';
export * from './http/route';
export * from './http/route-inventory';
export { answerClientErrorsAsJson } from './http/client-errors';
export * from './runtime';
export * from './distributed';
export * from './route-table';
export * from './grpc/health';
export * from './auth-cache';
export * from './membership';
export * from './ordering';
export { containsPattern } from './sql/patterns';
export { assignmentsFor } from './sql/assignments';
export { chunks } from './chunks';
export { withTimeout } from './timeout';
export { presentUsers, type PresentedUser } from './users';
export { TtlCache } from './ttl-cache';
export { CommitSignals } from './sql/commit-signals';
export { insertedRow, queryOne, queryRows } from './sql/typed';
export { pagedRows, type Paged, type PagedQuery } from './sql/paged';
export { isIpLiteral, OutboundAddressPolicy, unbracket } from './outbound/address-policy';
export { blobKey, isBlobKey, type BlobStore } from './blobs/blob-store';
export { FsBlobStore } from './blobs/fs-blob-store';
export { PgBlobStore } from './blobs/pg-blob-store';
export {
  OUTBOUND_DEFAULTS,
  OutboundError,
  OutboundFetcher,
  redactCredentials,
  type OutboundErrorKind,
  type OutboundFetchOptions,
  type OutboundReply,
  type OutboundRequestOptions,
  type OutboundResponse,
} from './outbound/outbound-fetch';
export { signedUrlQuery, signUrlPath, verifySignedUrl, type SignedUrlQuery } from './http/signed-url';
export { openSecret, sealSecret } from './secrets/sealed-secret';
export { WorkerPool, type RunOptions, type WorkerPoolOptions } from './workers/worker-pool';
export { serveWorkerTasks, workerScript, type WorkerTask } from './workers/worker-tasks';
export type { TaskReply } from './workers/worker-protocol';
export { RawJson, sendJson, stringifyWithRaw } from './http/raw-json';
