import type { Importer } from './importer';

/** `source: "zip"`: the zip by URL, read by formats' `readZipContent` (pages from its folders or SUMMARY.md, other entries as files). */
export const importZip: Importer = async (url, deps) => {
  const { limits } = deps;
  const response = await deps.fetcher.fetch(url, { timeoutMs: limits.fetchTimeoutMs, maxBytes: limits.maxFetchBytes });
  const content = await deps.conversions.zipContent(response.body, { maxZipEntries: limits.maxZipEntries, maxZipBytes: limits.maxZipBytes });
  deps.log.info({ url: response.url, pages: content.pageCount, files: content.files.length, entries: content.totalResources }, 'zip read');
  return { pages: content.pages, files: content.files, totalResources: content.totalResources };
};
