import { ApiError } from '@quire/errors';
import type { SearchResultView } from '@quire/page-html';
import type { sites } from '@quire/proto';
import type { VisitOutcome } from '../domain/reader-answer';
import { readSearchQuery, readSearchResults, SEARCH_PAGE_SIZE, searchPagingOf } from '../domain/search-results';
import type { ReaderDeps } from './deps';
import { loadSiteChrome } from './site-chrome';
import { visitOf } from '../../visits';

/**
 * The site's search page at a resolved address: site search as this visitor's site
 * reader (the apiToken sites issued for the address: only what the visitor may read on this site),
 * the default scope around the visitor's site space. No query: the page with its box and no call.
 * A query sites refuses (too long, NUL, malformed) is a 400 search page, never a 500.
 */
export async function answerSearch(deps: ReaderDeps, content: sites.PublishedSiteContent, asked: { query: string; page: number }): Promise<VisitOutcome> {
  const { query, invalid } = readSearchQuery(asked.query);
  const searching: Promise<{ ok: boolean; results: SearchResultView[]; more?: boolean; refusal?: string }> =
    query && !invalid
      ? deps
          .sites()
          .searchPublishedSite({
            apiToken: content.apiToken,
            query,
            siteSpaceId: content.siteSpace,
            offset: (asked.page - 1) * SEARCH_PAGE_SIZE,
            limit: SEARCH_PAGE_SIZE,
            allSiteSpaces: false,
          })
          .then(
            (answer) => ({ ok: true, results: readSearchResults(answer.spaces), more: answer.nextPage !== '' }),
            (err: unknown) => {
              if (err instanceof ApiError && err.code === 400) return { ok: false, results: [], ...refusalOf(err) };
              throw err;
            },
          )
      : Promise.resolve({ ok: !invalid, results: [], ...(invalid ? { refusal: invalid } : {}) });
  const [{ chrome, restricted }, found] = await Promise.all([loadSiteChrome(deps, content), searching]);
  // Previous/next results: only around a query searched (a refused one has nothing to page through).
  const paging = query && found.ok ? searchPagingOf(chrome.site.searchUrl, query, asked.page, found.more === true) : {};
  const view = { ...chrome, query, results: found.results, ...paging, ...(found.refusal ? { refusal: found.refusal } : {}) };
  // A query searched is counted (search_type_query); the page with no query is not.
  const visit = query && found.ok ? { ...visitOf('search_type_query', content, content.revision, ''), query } : undefined;
  return { kind: 'search', status: found.ok ? 200 : 400, view, restricted, ...(visit ? { visit } : {}) };
}

/**
 * Sites refuses a query it cannot search with a 400 and the reason `search-query-refused`. The
 * reader checked the same rule before calling (readSearchQuery), so this is the two disagreeing
 * (copies of different versions): the page says the query was refused without naming a rule.
 */
function refusalOf(err: ApiError): { refusal?: string } {
  return err.reason === 'search-query-refused' ? { refusal: 'is not one this site can search' } : {};
}
