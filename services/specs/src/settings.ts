import { availableParallelism } from 'node:os';
import { z } from '@quire/input';
import { readEnv } from '@quire/platform/config';

// The specs service's own settings and their one set of defaults (both modes read them from the
// environment; README, Configuration, and docs/specs.md list them). The bottom of the service:
// imports nothing of it.

// One core stays the event loop's; two threads at most (a spec's parse holds hundreds of MB).
const DEFAULT_PARSE_THREADS = Math.min(2, Math.max(1, availableParallelism() - 1));

const specsEnvSchema = z.object({
  SPECS_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  SPECS_REFRESH_INTERVAL_MINUTES: z.coerce.number().min(0).default(0),
  SPECS_DOWNLOAD_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  SPECS_MAX_DOCUMENT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  SPECS_PARSE_THREADS: z.coerce.number().int().min(1).max(64).default(DEFAULT_PARSE_THREADS),
  SPECS_PARSE_QUEUE: z.coerce.number().int().positive().default(16),
  SPECS_PARSE_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  SPECS_PARSE_INLINE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024),
});

/** The threads large documents are parsed and validated in (docs/specs.md, Parsing off the event loop). */
export interface SpecParseSettings {
  /** Threads at most (SPECS_PARSE_THREADS). */
  threads: number;
  /** Documents waiting for a thread at most (SPECS_PARSE_QUEUE). */
  maxQueue: number;
  /** A parse or validation running longer is stopped, its thread terminated (SPECS_PARSE_TIMEOUT_MS). */
  timeoutMs: number;
  /** Stored documents from this size (UTF-8 bytes) are parsed in a thread, smaller ones inline (SPECS_PARSE_INLINE_MAX_BYTES); validation always runs in one. */
  inlineBytes: number;
}

export interface SpecsSettings {
  /** One fetch of a URL-sourced document (`FETCH_TIMEOUT` beyond it). */
  fetchTimeoutMs: number;
  /** The largest document a fetch reads (`FETCH_ERROR` beyond it). */
  maxDocumentBytes: number;
  /** Re-fetch URL-sourced specs this often; null: only when a PUT asks. */
  refreshIntervalMs: number | null;
  /** How long the signed download URL of a stored document stays valid. */
  downloadTtlSeconds: number;
  /** The threads large documents are parsed and validated in (docs/specs.md, Parsing off the event loop). */
  parsing: SpecParseSettings;
}

export function specsSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): SpecsSettings {
  const e = readEnv(specsEnvSchema, env);
  return {
    fetchTimeoutMs: e.SPECS_FETCH_TIMEOUT_MS,
    maxDocumentBytes: e.SPECS_MAX_DOCUMENT_BYTES,
    refreshIntervalMs: e.SPECS_REFRESH_INTERVAL_MINUTES > 0 ? e.SPECS_REFRESH_INTERVAL_MINUTES * 60_000 : null,
    downloadTtlSeconds: e.SPECS_DOWNLOAD_TTL_SECONDS,
    parsing: {
      threads: e.SPECS_PARSE_THREADS,
      maxQueue: e.SPECS_PARSE_QUEUE,
      timeoutMs: e.SPECS_PARSE_TIMEOUT_MS,
      inlineBytes: e.SPECS_PARSE_INLINE_MAX_BYTES,
    },
  };
}
