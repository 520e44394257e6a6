import { z } from '@quire/input';
import { readEnv } from '@quire/platform/config';

// The specs service's own settings and their one set of defaults (both modes read them from the
// environment; README, Configuration, and docs/specs.md list them). The bottom of the service:
// imports nothing of it.

const specsEnvSchema = z.object({
  SPECS_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  SPECS_REFRESH_INTERVAL_MINUTES: z.coerce.number().min(0).default(0),
  SPECS_DOWNLOAD_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  SPECS_MAX_DOCUMENT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
});

export interface SpecsSettings {
  /** One fetch of a URL-sourced document (`FETCH_TIMEOUT` beyond it). */
  fetchTimeoutMs: number;
  /** The largest document a fetch reads (`FETCH_ERROR` beyond it). */
  maxDocumentBytes: number;
  /** Re-fetch URL-sourced specs this often; null: only when a PUT asks. */
  refreshIntervalMs: number | null;
  /** How long the signed download URL of a stored document stays valid. */
  downloadTtlSeconds: number;
}

export function specsSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): SpecsSettings {
  const e = readEnv(specsEnvSchema, env);
  return {
    fetchTimeoutMs: e.SPECS_FETCH_TIMEOUT_MS,
    maxDocumentBytes: e.SPECS_MAX_DOCUMENT_BYTES,
    refreshIntervalMs: e.SPECS_REFRESH_INTERVAL_MINUTES > 0 ? e.SPECS_REFRESH_INTERVAL_MINUTES * 60_000 : null,
    downloadTtlSeconds: e.SPECS_DOWNLOAD_TTL_SECONDS,
  };
}
