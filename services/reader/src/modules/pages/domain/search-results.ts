import { searchQueryProblem } from '@quire/input';
import type { SearchResultView } from '@quire/page-html';

// The search page's results from Sites.SearchPublishedSite's answer (reference List of
// SearchSpaceResult, JSON from another service: read defensively). One result per page found, then
// one per heading hit of that page (its anchor), each linking to its published address as a path on
// the visitor's own host, as the site's other links do.

/** Pages of results per search page. */
export const SEARCH_PAGE_SIZE = 20;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

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

/** Whether sites' answer says more pages were found after these (reference List `next`). */
export function searchHasMore(resultsJson: string): boolean {
  try {
    return Object.keys(obj(obj(JSON.parse(resultsJson)).next)).length > 0;
  } catch {
    return false;
  }
}

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

/** The answer's JSON → the search page's results, in rank order (spaces come in the order of their best page). */
export function readSearchResults(resultsJson: string): SearchResultView[] {
  let answer: Json;
  try {
    answer = obj(JSON.parse(resultsJson));
  } catch {
    answer = {};
  }
  const results: SearchResultView[] = [];
  for (const space of list(answer.items).map(obj)) {
    for (const page of list(space.pages).map(obj)) {
      const url = resultPathOf(text(obj(page.urls).published));
      if (!url) continue;
      const title = text(page.title) || text(page.path);
      const sections = list(page.sections).map(obj);
      const context = [text(space.title), ...list(page.ancestors).map((a) => text(obj(a).title))].filter(Boolean).join(' › ');
      const pageHit = sections.find((s) => text(s.resultType) === 'page');
      const excerpt = plain(text(pageHit?.body)) || text(page.description);
      results.push({ title, url, ...(context ? { context } : {}), ...(excerpt ? { excerpt } : {}) });
      for (const section of sections) {
        const sectionUrl = resultPathOf(text(obj(section.urls).published));
        if (text(section.resultType) !== 'section' || !sectionUrl || sectionUrl === url) continue;
        const body = plain(text(section.body));
        results.push({
          title: `${title} › ${text(section.title) || title}`,
          url: sectionUrl,
          context: context ? `${context} › ${title}` : title,
          ...(body ? { excerpt: body } : {}),
        });
      }
    }
  }
  return results;
}
