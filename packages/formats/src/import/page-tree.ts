import type { ImportedPage } from './imported-content';

// A crawled site's page tree from its URL paths: `/docs/guide/install` nests under `/docs/guide`
// when that page was crawled, else under the nearest crawled ancestor, else at the top.

export interface PathPage {
  url: URL;
  page: ImportedPage;
}

/** The path a page is known by in the tree: no trailing slash, `index.html` or `.html`. */
function treePath(url: URL): string {
  return url.pathname
    .replace(/\/index\.html?$/i, '')
    .replace(/\.html?$/i, '')
    .replace(/\/+$/, '');
}

/**
 * Builds the tree in crawl order (children keep the order they were found in). The start page comes
 * first at the top; when it is its directory's index it parents nothing, its section's pages are its
 * siblings, as in a GitBook space whose first page is the introduction.
 */
export function pageTreeFromPaths(pages: readonly PathPage[], scopePrefix: string): ImportedPage[] {
  const [start, ...rest] = pages;
  if (!start) return [];
  const byPath = new Map<string, ImportedPage>();
  for (const { url, page } of pages) if (!byPath.has(treePath(url))) byPath.set(treePath(url), page);
  const startIsIndex = treePath(start.url) === scopePrefix.replace(/\/+$/, '');
  if (startIsIndex) byPath.delete(treePath(start.url));
  const top: ImportedPage[] = [start.page];
  for (const { url, page } of rest) {
    const parent = nearestAncestor(treePath(url), byPath);
    (parent && parent !== page ? parent.pages : top).push(page);
  }
  return top;
}

function nearestAncestor(path: string, byPath: Map<string, ImportedPage>): ImportedPage | undefined {
  const segments = path.split('/');
  for (let length = segments.length - 1; length > 0; length--) {
    const parent = byPath.get(segments.slice(0, length).join('/'));
    if (parent) return parent;
  }
  return undefined;
}
