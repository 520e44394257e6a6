import { OutboundError } from '@quire/platform/outbound';
import { fileName, imageContentType, type ImportedFile } from '@quire/formats';
import { FetchBudget } from './fetch-budget';
import type { ImportDeps } from './importer';

// Images a fetched page references by URL, fetched into files so that the revision does not depend
// on the original site staying up. An image that cannot be fetched stays a link (logged), it does
// not fail the import.

const CONCURRENCY = 4;

export interface PageImages {
  markdown: string;
  /** The page's URL: relative image targets resolve against it. */
  source: string;
}

export interface CollectedImages {
  files: ImportedFile[];
  /** Image URLs tried (fetched or failed), for `totalResources`. */
  attempted: number;
}

/**
 * Fetches the images of the pages, each URL once, at most `limits.maxImages` for the whole import;
 * a file's `source` is the image's absolute URL (what the writer resolves the page's target to).
 */
export async function collectImageFiles(pages: PageImages[], deps: ImportDeps, budget = new FetchBudget(deps.limits)): Promise<CollectedImages> {
  const urls: string[] = [];
  const seen = new Set<string>();
  // Finding the targets parses each page (a second of markdown-it for a 1 MB page): in a conversion thread.
  const targets = await deps.conversions.imageTargets(pages.map((page) => page.markdown));
  for (const [index, page] of pages.entries())
    for (const target of targets[index] ?? []) {
      const url = absoluteHttpUrl(target, page.source);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      urls.push(url);
    }
  if (urls.length > deps.limits.maxImages)
    deps.log.warn({ images: urls.length, maxImages: deps.limits.maxImages }, 'import: image limit reached, the rest stay links');
  const wanted = urls.slice(0, deps.limits.maxImages);
  const found: (ImportedFile | undefined)[] = new Array<ImportedFile | undefined>(wanted.length);
  let next = 0;
  let unfetched = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const index = next++;
      if (budget.isSpent) unfetched++;
      else found[index] = await fetchImage(wanted[index]!, deps, budget);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, wanted.length) }, worker));
  if (unfetched) deps.log.warn({ images: unfetched }, 'import: images left as links, the import is out of bytes or time');
  return { files: found.filter((f): f is ImportedFile => f !== undefined), attempted: wanted.length };
}

async function fetchImage(url: string, deps: ImportDeps, budget: FetchBudget): Promise<ImportedFile | undefined> {
  try {
    const response = await deps.fetcher.fetch(url, budget.options('image/*'));
    if (!budget.take(response.body.length)) {
      deps.log.warn({ url }, 'import: image skipped, the import is out of bytes');
      return undefined;
    }
    const contentType = imageContentType(response.contentType, response.body);
    if (!contentType) {
      deps.log.warn({ url, contentType: response.contentType }, 'import: image skipped, not an image');
      return undefined;
    }
    return { source: url, name: fileName(response.url, contentType), contentType, bytes: response.body };
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    deps.log.warn({ url, kind: err.kind, err: err.message }, 'import: image skipped, fetch failed');
    return undefined;
  }
}

function absoluteHttpUrl(target: string, base: string): string | undefined {
  try {
    const url = new URL(target, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
