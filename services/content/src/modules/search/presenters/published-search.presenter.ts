import type { content } from '@quire/proto';
import type { UrlBuilder } from '@quire/urls';
import type { SearchHit } from '../domain/search-content';

// Site search's hits for the sites service (gRPC SearchPublishedContent): the reference's
// SearchSpaceResult / SearchPageResult / SearchSectionResult facts content owns — titles,
// snippets, scores, ranks and `urls.app` — plus what sites needs to build `urls.published`
// (each section's anchor) and `resultType`. Sites adds the published addresses.

const pageAppUrl = (urls: UrlBuilder, hit: SearchHit) => urls.app(`/o/${hit.organizationId}/s/${hit.spaceId}/${hit.pagePath}`);

/** A section matched on its page's own title and description (position 0) or on its heading and body. */
const resultTypeOf = (hit: SearchHit) => (hit.position === 0 ? 'page' : 'section');

function presentSection(hit: SearchHit, urls: UrlBuilder): content.PublishedSearchSection {
  const anchor = hit.position === 0 ? '' : hit.anchor;
  return {
    id: anchor || hit.pageId,
    title: hit.position === 0 ? hit.pageTitle : hit.heading,
    path: hit.pagePath,
    score: hit.score,
    body: hit.snippet,
    anchor,
    resultType: resultTypeOf(hit),
    appUrl: anchor ? `${pageAppUrl(urls, hit)}#${anchor}` : pageAppUrl(urls, hit),
  };
}

function presentPage(hit: SearchHit, urls: UrlBuilder): content.PublishedSearchPage {
  return {
    id: hit.pageId,
    title: hit.pageTitle,
    description: hit.pageDescription,
    path: hit.pagePath,
    score: hit.score,
    rank: hit.pageRank,
    ancestorTitles: hit.pageAncestors,
    // The page's best section comes first: the page matched the way it did.
    resultType: resultTypeOf(hit),
    appUrl: pageAppUrl(urls, hit),
    sections: [],
  };
}

/** Hits in result order (pages best first, each page's sections best first) → spaces in order of their best page. */
export function presentPublishedSearch(hits: readonly SearchHit[], urls: UrlBuilder): content.PublishedSearchSpace[] {
  const spaces = new Map<string, content.PublishedSearchSpace>();
  const pages = new Map<string, content.PublishedSearchPage>();
  for (const hit of hits) {
    let space = spaces.get(hit.spaceId);
    if (!space) {
      space = { id: hit.spaceId, title: hit.spaceTitle, score: hit.score, pages: [] };
      spaces.set(hit.spaceId, space);
    }
    const key = `${hit.spaceId}/${hit.pageId}`;
    let page = pages.get(key);
    if (!page) {
      page = presentPage(hit, urls);
      pages.set(key, page);
      space.pages.push(page);
      space.score = Math.max(space.score, page.score);
    }
    page.sections.push(presentSection(hit, urls));
  }
  return [...spaces.values()];
}
