import { readDocxContent } from '@quire/formats';
import type { Importer } from './importer';

/** A .docx by URL → one page and its embedded images (formats' `readDocxContent`). */
export const importDocx: Importer = async (url, deps) => {
  const response = await deps.fetcher.fetch(url, { maxBytes: deps.limits.maxFetchBytes, timeoutMs: deps.limits.fetchTimeoutMs });
  return readDocxContent(response.body, response.url, deps.limits, deps.log);
};
