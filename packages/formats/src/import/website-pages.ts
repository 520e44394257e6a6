import { htmlToMarkdown } from './html-to-markdown';
import type { ImportedPage } from './imported-content';
import { splitLeadingHeading, withoutRepeatedTitle } from './leading-heading';
import { clip, nameFromUrl } from './names';
import { pageTreeFromPaths } from './page-tree';
import { commonTitleSuffix, withoutSuffix } from './site-title';

// The pages of a crawled site section: each page's main content as markdown, titled without the
// site name its titles share, in a tree from the URL paths. Links between pages stay URLs that the
// writer resolves against each page's `source`.

export interface SitePages {
  /** Every page, in crawl order (the same objects the tree holds). */
  pages: ImportedPage[];
  tree: ImportedPage[];
}

/** `crawled` in crawl order, the start page first; `scopePrefix` is the directory the crawl stayed in. */
export function websitePages(crawled: readonly { url: string; html: string }[], scopePrefix: string): SitePages {
  const converted = crawled.map((page) => ({ page, ...htmlToMarkdown(page.html) }));
  const suffix = commonTitleSuffix(converted.map((c) => c.title ?? ''));
  const pages = converted.map(({ page, title, markdown }) => {
    const pageTitle = clip(withoutSuffix(title ?? '', suffix)) || splitLeadingHeading(markdown).firstHeading || nameFromUrl(page.url);
    const imported: ImportedPage = { title: pageTitle, markdown: withoutRepeatedTitle(markdown, pageTitle), source: page.url, pages: [] };
    return { url: new URL(page.url), page: imported };
  });
  return { pages: pages.map((p) => p.page), tree: pageTreeFromPaths(pages, scopePrefix) };
}
