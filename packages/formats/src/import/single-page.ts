import { htmlToMarkdown } from './html-to-markdown';
import type { ImportedPage } from './imported-content';
import { splitLeadingHeading, withoutRepeatedTitle } from './leading-heading';
import { readMarkdownPage } from './markdown-page';
import { clip, nameFromUrl } from './names';

// One document as one page (the `markdown` and `html` imports), `source` being its URL.

/**
 * A markdown file as a page. The title is the front matter's `title`, else the first heading
 * (removed from the body when the body opens with it), else the file name.
 */
export function markdownPage(text: string, source: string): ImportedPage {
  const { frontmatter, markdown: body } = readMarkdownPage(text);
  const heading = splitLeadingHeading(body);
  const title = (frontmatter.title && clip(frontmatter.title)) ?? heading.firstHeading ?? nameFromUrl(source);
  const markdown = (heading.hasRemovedHeading && heading.firstHeading === title ? heading.body : body).trim();
  const description = frontmatter.description && clip(frontmatter.description, 1000);
  return { title, markdown, source, ...(description ? { description } : {}), pages: [] };
}

/** An HTML page as a page: its main content as markdown, titled by `<title>` or its first heading. */
export function htmlPage(html: string, source: string): ImportedPage {
  const converted = htmlToMarkdown(html);
  const title = clip(converted.title ?? '') || nameFromUrl(source);
  return { title, markdown: withoutRepeatedTitle(converted.markdown, title), source, pages: [] };
}
