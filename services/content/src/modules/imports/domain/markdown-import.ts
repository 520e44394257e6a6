import { collectImageFiles } from './image-files';
import type { Importer } from './importer';

/** One markdown file by URL → one page (formats' `markdownPage`); images it references by URL become files. */
export const importMarkdown: Importer = async (url, deps) => {
  const response = await deps.fetcher.fetch(url, {
    maxBytes: deps.limits.maxFetchBytes,
    timeoutMs: deps.limits.fetchTimeoutMs,
    accept: 'text/markdown, text/plain;q=0.9, */*;q=0.1',
  });
  const page = await deps.conversions.markdownPage(response);
  const images = await collectImageFiles([page], deps);
  return { pages: [page], files: images.files, totalResources: 1 + images.attempted };
};
