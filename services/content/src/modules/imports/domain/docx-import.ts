import type { Importer } from './importer';

/** A .docx by URL → one page and its embedded images (formats' `readDocxContent`). */
export const importDocx: Importer = async (url, deps) => {
  const response = await deps.fetcher.fetch(url, { maxBytes: deps.limits.maxFetchBytes, timeoutMs: deps.limits.fetchTimeoutMs });
  const { maxZipEntries, maxZipBytes, maxImages } = deps.limits;
  return deps.conversions.docxContent({ bytes: response.body, source: response.url, limits: { maxZipEntries, maxZipBytes, maxImages } }, deps.log);
};
