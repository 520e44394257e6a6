import { searchQueryProblem } from '@quire/input';
import type { SearchResultView } from '@quire/page-html';
import type { sites } from '@quire/proto';

// The search page's results from Sites.SearchPublishedSite's answer (reference SearchSpaceResult
// items). One result per page found, then
// one per heading hit of that page (its anchor), each linking to its published address as a path on
// the visitor's own host, as the site's other links do.

/** Pages of results per search page. */
export const SEARCH_PAGE_SIZE = 20;

/**
 * What the visitor typed, as the search page takes it: trimmed; `invalid` says why it is refused
 * before any call (sites' rule for a site search query, checked here so a refused one costs no call).
 */
export function readSearchQuery(raw: string): { query: string; invalid?: string } {
  const query = raw.trim();
  if (query.includes('\u0000')) return { query: query.replace(/\u0000/g, ''), invalid: 'must not contain the NUL character' };
  const problem = query ? searchQueryProblem(query) : null;
  return problem ? { query, invalid: problem } : { query };
}

/** A published URL as a path (with its anchor) on the visitor's host; empty when it is no URL. */
export function resultPathOf(publishedUrl: string): string {
  try {
    const url = new URL(publishedUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.pathname}${url.search}${url.hash}` : '';
  } catch {
    return '';
  }
}

/** The last search page a visitor may ask for (`?page=`, as request-kind bounds it). */
export const MAX_SEARCH_PAGE = 50;

/** The search page's links to the results before and after page `page` (1-based) of `query`. */
export function searchPagingOf(searchUrl: string, query: string, page: number, hasMore: boolean): { previousUrl?: string; nextUrl?: string } {
  const at = (n: number) => `${searchUrl}?q=${encodeURIComponent(query)}${n > 1 ? `&page=${n}` : ''}`;
  return {
    ...(page > 1 ? { previousUrl: at(Math.min(page - 1, MAX_SEARCH_PAGE)) } : {}),
    ...(hasMore && page < MAX_SEARCH_PAGE ? { nextUrl: at(page + 1) } : {}),
  };
}

/** Snippets mark matches with `**`; the page shows plain text. */
function plain(snippet: string): string {
  return snippet.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
}

/** Sites' answer → the search page's results, in rank order (spaces come in the order of their best page). */
export function readSearchResults(spaces: readonly sites.SiteSearchSpace[]): SearchResultView[] {
  const results: SearchResultView[] = [];
  for (const space of spaces) {
    for (const page of space.pages) {
      const url = resultPathOf(page.publishedUrl);
      if (!url) continue;
      const title = page.title || page.path;
      const context = [space.title, ...page.ancestorTitles].filter(Boolean).join(' › ');
      const pageHit = page.sections.find((s) => s.resultType === 'page');
      const excerpt = plain(pageHit?.body ?? '') || page.description;
      results.push({ title, url, ...(context ? { context } : {}), ...(excerpt ? { excerpt } : {}) });
      for (const section of page.sections) {
        const sectionUrl = resultPathOf(section.publishedUrl);
        if (section.resultType !== 'section' || !sectionUrl || sectionUrl === url) continue;
        const body = plain(section.body);
        results.push({
          title: `${title} › ${section.title || title}`,
          url: sectionUrl,
          context: context ? `${context} › ${title}` : title,
          ...(body ? { excerpt: body } : {}),
        });
      }
    }
  }
  return results;
}
