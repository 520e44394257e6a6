import { z } from '@quire/input';
import { readEnv } from '@quire/platform/config';

// The reader's own settings and their one set of defaults (both modes read them from the
// environment; README, Configuration, and docs/reader.md list them). The bottom of the service:
// imports nothing of it.

const readerEnvSchema = z.object({
  READER_ANSWER_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
});

export interface ReaderSettings {
  /**
   * The longest a visitor waits for a page: past it (sites or content slow or down) the reader
   * answers a 503 page at once. Each gRPC call has its own deadline too (GRPC_DEADLINE_MS).
   */
  answerTimeoutMs: number;
}

export function readerSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ReaderSettings {
  const e = readEnv(readerEnvSchema, env);
  return { answerTimeoutMs: e.READER_ANSWER_TIMEOUT_MS };
}
