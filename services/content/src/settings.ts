import { availableParallelism } from 'node:os';
import { z } from '@quire/input';
import { readEnv } from '@quire/platform/config';
import type { ArchiveLimits } from '@quire/formats';

// The content service's own settings and their one set of defaults (both modes read them from the
// environment; README, Configuration, and docs/content.md list them). The bottom of the service: it
// imports nothing of it; service.ts builds objects from these plain values.

/** Every limit an import runs under; the defaults are documented in docs/content.md. */
export interface ImportLimits extends ArchiveLimits {
  /** Bytes of one fetched document or file. */
  maxFetchBytes: number;
  fetchTimeoutMs: number;
  /** Website crawl. */
  maxCrawlPages: number;
  maxCrawlDepth: number;
  maxCrawlBytes: number;
  maxCrawlMs: number;
  /** Images fetched by URL for one import. */
  maxImages: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxFetchBytes: 50 * 1024 * 1024,
  fetchTimeoutMs: 15_000,
  maxZipEntries: 5_000,
  maxZipBytes: 200 * 1024 * 1024,
  maxCrawlPages: 200,
  maxCrawlDepth: 5,
  maxCrawlBytes: 100 * 1024 * 1024,
  maxCrawlMs: 20_000,
  maxImages: 500,
};

/** Bounds of one Git Sync operation (docs/content.md, Git Sync): past one, the operation ends as `failure` saying which. */
export interface GitSyncLimits {
  /** Bytes of a fetched pack, of its objects once inflated, and of the files a fetch returns. */
  maxRepoBytes: number;
  /** Files a fetch returns (under its folder). */
  maxFiles: number;
  /** Inflated bytes of one object (a file, a tree), checked from the pack's headers before it is inflated. */
  maxFileBytes: number;
  /** Objects in a fetched pack, and entries a fetch walks in its trees (trees, files, links and submodules). */
  maxObjects: number;
  maxPages: number;
  /** Each stage (discover, fetch, push) on its own. */
  stageTimeoutMs: number;
  /** A request to the remote that receives nothing for this long fails, connecting included (far below the stage's time). */
  idleTimeoutMs: number;
  /** A `running` operation silent for this long is taken as abandoned by a new request. */
  staleAfterMs: number;
}

export const DEFAULT_GIT_SYNC_LIMITS: GitSyncLimits = {
  maxRepoBytes: 200 * 1024 * 1024,
  maxFiles: 20_000,
  maxFileBytes: 50 * 1024 * 1024,
  maxObjects: 50_000,
  maxPages: 5_000,
  stageTimeoutMs: 300_000,
  idleTimeoutMs: 30_000,
  staleAfterMs: 30 * 60_000,
};

/** The pool of conversion threads (docs/content.md, Conversions). */
export interface ConversionSettings {
  /** Threads at most (CONTENT_CONVERSION_THREADS). */
  threads: number;
  /** Conversions waiting for a thread at most (CONTENT_CONVERSION_QUEUE). */
  maxQueue: number;
  /** A conversion running longer is stopped and answered 503 (CONTENT_CONVERSION_TIMEOUT_MS). */
  timeoutMs: number;
}

const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** Two threads at least (a PDF being rendered leaves one for page reads), four at most (each holds its own heap). */
const DEFAULT_CONVERSION_THREADS = Math.min(4, Math.max(2, availableParallelism() - 1));

const contentEnvSchema = z.object({
  CONTENT_DOWNLOAD_TTL_SECONDS: positive(3600),
  CONTENT_IMPORT_MAX_FETCH_BYTES: positive(DEFAULT_IMPORT_LIMITS.maxFetchBytes),
  CONTENT_IMPORT_FETCH_TIMEOUT_MS: positive(DEFAULT_IMPORT_LIMITS.fetchTimeoutMs),
  CONTENT_IMPORT_MAX_ZIP_ENTRIES: positive(DEFAULT_IMPORT_LIMITS.maxZipEntries),
  CONTENT_IMPORT_MAX_ZIP_BYTES: positive(DEFAULT_IMPORT_LIMITS.maxZipBytes),
  CONTENT_IMPORT_MAX_CRAWL_PAGES: positive(DEFAULT_IMPORT_LIMITS.maxCrawlPages),
  CONTENT_IMPORT_MAX_CRAWL_DEPTH: positive(DEFAULT_IMPORT_LIMITS.maxCrawlDepth),
  CONTENT_IMPORT_MAX_CRAWL_BYTES: positive(DEFAULT_IMPORT_LIMITS.maxCrawlBytes),
  CONTENT_IMPORT_MAX_CRAWL_MS: positive(DEFAULT_IMPORT_LIMITS.maxCrawlMs),
  CONTENT_IMPORT_MAX_IMAGES: positive(DEFAULT_IMPORT_LIMITS.maxImages),
  CONTENT_GIT_SYNC_MAX_REPO_BYTES: positive(DEFAULT_GIT_SYNC_LIMITS.maxRepoBytes),
  CONTENT_GIT_SYNC_MAX_FILES: positive(DEFAULT_GIT_SYNC_LIMITS.maxFiles),
  CONTENT_GIT_SYNC_MAX_FILE_BYTES: positive(DEFAULT_GIT_SYNC_LIMITS.maxFileBytes),
  CONTENT_GIT_SYNC_MAX_PAGES: positive(DEFAULT_GIT_SYNC_LIMITS.maxPages),
  CONTENT_GIT_SYNC_MAX_OBJECTS: positive(DEFAULT_GIT_SYNC_LIMITS.maxObjects),
  CONTENT_GIT_SYNC_STAGE_TIMEOUT_MS: positive(DEFAULT_GIT_SYNC_LIMITS.stageTimeoutMs),
  CONTENT_GIT_SYNC_IDLE_TIMEOUT_MS: positive(DEFAULT_GIT_SYNC_LIMITS.idleTimeoutMs),
  CONTENT_GIT_SYNC_STALE_MS: positive(DEFAULT_GIT_SYNC_LIMITS.staleAfterMs),
  CONTENT_CONVERSION_THREADS: z.coerce.number().int().min(1).max(64).default(DEFAULT_CONVERSION_THREADS),
  CONTENT_CONVERSION_QUEUE: positive(64),
  CONTENT_CONVERSION_TIMEOUT_MS: positive(20_000),
  CONTENT_GIT_SYNC_CONCURRENCY: positive(4),
});

/** The setting of each limit a Git Sync error names (`details.limit`), so that its message says what to raise. */
export const GIT_SYNC_LIMIT_SETTINGS = {
  maxRepoBytes: 'CONTENT_GIT_SYNC_MAX_REPO_BYTES',
  maxFiles: 'CONTENT_GIT_SYNC_MAX_FILES',
  maxFileBytes: 'CONTENT_GIT_SYNC_MAX_FILE_BYTES',
  maxObjects: 'CONTENT_GIT_SYNC_MAX_OBJECTS',
} as const;

export interface ContentSettings {
  downloadTtlSeconds: number;
  importLimits: ImportLimits;
  gitSync: GitSyncLimits;
  conversions: ConversionSettings;
  /** Git Sync operations one process runs side by side. */
  gitSyncConcurrency: number;
}

export function contentSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ContentSettings {
  const e = readEnv(contentEnvSchema, env);
  return {
    downloadTtlSeconds: e.CONTENT_DOWNLOAD_TTL_SECONDS,
    importLimits: {
      maxFetchBytes: e.CONTENT_IMPORT_MAX_FETCH_BYTES,
      fetchTimeoutMs: e.CONTENT_IMPORT_FETCH_TIMEOUT_MS,
      maxZipEntries: e.CONTENT_IMPORT_MAX_ZIP_ENTRIES,
      maxZipBytes: e.CONTENT_IMPORT_MAX_ZIP_BYTES,
      maxCrawlPages: e.CONTENT_IMPORT_MAX_CRAWL_PAGES,
      maxCrawlDepth: e.CONTENT_IMPORT_MAX_CRAWL_DEPTH,
      maxCrawlBytes: e.CONTENT_IMPORT_MAX_CRAWL_BYTES,
      maxCrawlMs: e.CONTENT_IMPORT_MAX_CRAWL_MS,
      maxImages: e.CONTENT_IMPORT_MAX_IMAGES,
    },
    gitSync: {
      maxRepoBytes: e.CONTENT_GIT_SYNC_MAX_REPO_BYTES,
      maxFiles: e.CONTENT_GIT_SYNC_MAX_FILES,
      maxFileBytes: e.CONTENT_GIT_SYNC_MAX_FILE_BYTES,
      maxObjects: e.CONTENT_GIT_SYNC_MAX_OBJECTS,
      maxPages: e.CONTENT_GIT_SYNC_MAX_PAGES,
      stageTimeoutMs: e.CONTENT_GIT_SYNC_STAGE_TIMEOUT_MS,
      idleTimeoutMs: e.CONTENT_GIT_SYNC_IDLE_TIMEOUT_MS,
      staleAfterMs: e.CONTENT_GIT_SYNC_STALE_MS,
    },
    conversions: { threads: e.CONTENT_CONVERSION_THREADS, maxQueue: e.CONTENT_CONVERSION_QUEUE, timeoutMs: e.CONTENT_CONVERSION_TIMEOUT_MS },
    gitSyncConcurrency: e.CONTENT_GIT_SYNC_CONCURRENCY,
  };
}
