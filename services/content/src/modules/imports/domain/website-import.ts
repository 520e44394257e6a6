import { ImportRefused } from '@quire/formats';
import { FetchBudget } from './fetch-budget';
import { collectImageFiles } from './image-files';
import type { Importer } from './importer';
import { crawlWebsite } from './website-crawl';

/**
 * A site section by its start URL → a page tree from the URL paths (formats' `websitePages`). Pages
 * and their images share one allowance of bytes (maxCrawlBytes) and time (maxCrawlMs).
 */
export const importWebsite: Importer = async (url, deps) => {
  const budget = new FetchBudget(deps.limits, deps.limits.maxCrawlBytes, deps.limits.maxCrawlMs);
  const crawl = await crawlWebsite(url, deps, budget);
  if (!crawl.pages.length) throw new ImportRefused(`${url} led to no page within ${crawl.scope.origin}${crawl.scope.prefix}`);
  const { pages, tree } = await deps.conversions.websitePages(
    crawl.pages.map((p) => ({ url: p.url, html: p.html })),
    crawl.scope.prefix,
  );
  const images = await collectImageFiles(pages, deps, budget);
  deps.log.info({ pages: pages.length, files: images.files.length, fetched: crawl.fetched + images.attempted }, 'website import: crawled');
  return { pages: tree, files: images.files, totalResources: crawl.fetched + images.attempted };
};
