import { collectImageFiles } from './image-files';
import { clip, nameFromUrl, responseText } from './fetched-text';
import type { Importer } from './imported-content';
import { splitLeadingHeading } from './leading-heading';
import { readMarkdownPage } from './markdown-page';

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
  const { frontmatter, markdown: body } = readMarkdownPage(responseText(response));
  const heading = splitLeadingHeading(body);
  const title = (frontmatter.title && clip(frontmatter.title)) ?? heading.firstHeading ?? nameFromUrl(response.url);
  const markdown = (heading.hasRemovedHeading && heading.firstHeading === title ? heading.body : body).trim();
  const description = frontmatter.description && clip(frontmatter.description, 1000);
  const page = { title, markdown, source: response.url, ...(description ? { description } : {}), pages: [] };
  const images = await collectImageFiles([page], deps);
  return { pages: [page], files: images.files, totalResources: 1 + images.attempted };
};
