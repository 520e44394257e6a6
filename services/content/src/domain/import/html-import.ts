import { collectImageFiles } from './image-files';
import { clip, nameFromUrl, responseText } from './fetched-text';
import { htmlToMarkdown } from './html-to-markdown';
import type { Importer } from './imported-content';
import { withoutRepeatedTitle } from './leading-heading';

/** One HTML page by URL → one page: its main content as markdown, titled by `<title>` or its first heading. */
export const importHtml: Importer = async (url, deps) => {
  const response = await deps.fetcher.fetch(url, {
    maxBytes: deps.limits.maxFetchBytes,
    timeoutMs: deps.limits.fetchTimeoutMs,
    accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1',
  });
  const converted = htmlToMarkdown(responseText(response));
  const title = clip(converted.title ?? '') || nameFromUrl(response.url);
  const page = { title, markdown: withoutRepeatedTitle(converted.markdown, title), source: response.url, pages: [] };
  const images = await collectImageFiles([page], deps);
  return { pages: [page], files: images.files, totalResources: 1 + images.attempted };
};
