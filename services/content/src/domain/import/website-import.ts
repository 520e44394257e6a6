import { clip, nameFromUrl } from './fetched-text';
import { FetchBudget } from './fetch-budget';
import { htmlToMarkdown } from './html-to-markdown';
import { collectImageFiles } from './image-files';
import { type ImportedPage, type Importer, ImportRefused } from './imported-content';
import { splitLeadingHeading, withoutRepeatedTitle } from './leading-heading';
import { pageTreeFromPaths } from './page-tree';
import { commonTitleSuffix, withoutSuffix } from './site-title';
import { crawlWebsite } from './website-crawl';

/**
 * A site section by its start URL → a page tree from the URL paths. Pages and their images share
 * one allowance of bytes (maxCrawlBytes) and time (maxCrawlMs); links between pages stay URLs that
 * the writer resolves against each page's `source`.
 */
export const importWebsite: Importer = async (url, deps) => {
  const budget = new FetchBudget(deps.limits, deps.limits.maxCrawlBytes, deps.limits.maxCrawlMs);
  const crawl = await crawlWebsite(url, deps, budget);
  if (!crawl.pages.length) throw new ImportRefused(`${url} led to no page within ${crawl.scope.origin}${crawl.scope.prefix}`);
  const converted = crawl.pages.map((page) => ({ page, ...htmlToMarkdown(page.html) }));
  const suffix = commonTitleSuffix(converted.map((c) => c.title ?? ''));
  const pages = converted.map(({ page, title, markdown }) => {
    const pageTitle = clip(withoutSuffix(title ?? '', suffix)) || splitLeadingHeading(markdown).firstHeading || nameFromUrl(page.url);
    const imported: ImportedPage = { title: pageTitle, markdown: withoutRepeatedTitle(markdown, pageTitle), source: page.url, pages: [] };
    return { url: new URL(page.url), page: imported };
  });
  const images = await collectImageFiles(
    pages.map((p) => p.page),
    deps,
    budget,
  );
  deps.log.info({ pages: pages.length, files: images.files.length, fetched: crawl.fetched + images.attempted }, 'website import: crawled');
  return { pages: pageTreeFromPaths(pages, crawl.scope.prefix), files: images.files, totalResources: crawl.fetched + images.attempted };
};
