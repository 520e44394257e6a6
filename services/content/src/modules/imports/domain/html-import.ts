import { collectImageFiles } from './image-files';
import type { Importer } from './importer';

/** One HTML page by URL → one page (formats' `htmlPage`); images it references by URL become files. */
export const importHtml: Importer = async (url, deps) => {
  const response = await deps.fetcher.fetch(url, {
    maxBytes: deps.limits.maxFetchBytes,
    timeoutMs: deps.limits.fetchTimeoutMs,
    accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1',
  });
  const page = await deps.conversions.htmlPage(response);
  const images = await collectImageFiles([page], deps);
  return { pages: [page], files: images.files, totalResources: 1 + images.attempted };
};
