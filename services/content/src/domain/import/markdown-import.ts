import { collectImageFiles } from './image-files';
import { nameFromUrl, responseText } from './fetched-text';
import type { Importer } from './imported-content';
import { splitFrontMatter, splitLeadingHeading } from './leading-heading';

/**
 * One markdown file by URL → one page. The title is the front matter's `title`, else the first
 * heading (removed from the body when the body opens with it), else the file name; images the
 * page references by URL become files.
 */
export const importMarkdown: Importer = async (url, deps) => {
  const response = await deps.fetcher.fetch(url, {
    maxBytes: deps.limits.maxFetchBytes,
    timeoutMs: deps.limits.fetchTimeoutMs,
    accept: 'text/markdown, text/plain;q=0.9, */*;q=0.1',
  });
  const frontMatter = splitFrontMatter(responseText(response));
  const heading = splitLeadingHeading(frontMatter.body);
  const title = frontMatter.title ?? heading.firstHeading ?? nameFromUrl(response.url);
  const markdown = (heading.hasRemovedHeading && heading.firstHeading === title ? heading.body : frontMatter.body).trim();
  const page = { title, markdown, source: response.url, ...(frontMatter.description ? { description: frontMatter.description } : {}), pages: [] };
  const images = await collectImageFiles([page], deps);
  return { pages: [page], files: images.files, totalResources: 1 + images.attempted };
};
