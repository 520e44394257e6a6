import type { UrlBuilder } from '@quire/urls';
import type { SearchHit } from '../domain/search-content';

// Search results as the reference shapes them (contract §3.7, trap T11): space search answers
// pages (`SearchPageResult`, `urls.app` required), organization search answers spaces
// (`SearchSpaceResult`: id, title, pages; no `urls`). Today's client (0.202.0) also requires a
// `score` of each (a page's is its best section's, a space's its best page's), a page's
// `description`, `rank` and `ancestors`, and a space's `type`.

const pageUrl = (urls: UrlBuilder, hit: SearchHit) => urls.app(`/o/${hit.organizationId}/s/${hit.spaceId}/${hit.pagePath}`);

function presentSection(hit: SearchHit, urls: UrlBuilder) {
  const isTitle = hit.position === 0;
  return {
    // The title section has no heading: it is the page itself.
    id: isTitle || !hit.anchor ? hit.pageId : hit.anchor,
    title: isTitle ? hit.pageTitle : hit.heading,
    path: hit.pagePath,
    score: hit.score,
    body: hit.snippet,
    urls: { app: isTitle || !hit.anchor ? pageUrl(urls, hit) : `${pageUrl(urls, hit)}#${hit.anchor}` },
  };
}

interface PresentedSearchPage {
  id: string;
  title: string;
  description: string;
  path: string;
  score: number;
  rank: number;
  sections: ReturnType<typeof presentSection>[];
  ancestors: { title: string }[];
  urls: { app: string };
}

/** Hits in result order → one `SearchPageResult` per page, its sections in rank order (the best first). */
export function presentSearchPages(hits: readonly SearchHit[], urls: UrlBuilder): PresentedSearchPage[] {
  const pages = new Map<string, PresentedSearchPage>();
  for (const hit of hits) {
    const key = `${hit.spaceId}/${hit.pageId}`;
    let page = pages.get(key);
    if (!page) {
      page = {
        id: hit.pageId,
        title: hit.pageTitle,
        description: hit.pageDescription,
        path: hit.pagePath,
        score: hit.score,
        rank: hit.pageRank,
        sections: [],
        ancestors: hit.pageAncestors.map((title) => ({ title })),
        urls: { app: pageUrl(urls, hit) },
      };
      pages.set(key, page);
    }
    page.sections.push(presentSection(hit, urls));
  }
  return [...pages.values()];
}

/** Hits in result order → one `SearchSpaceResult` per space. */
export function presentSearchSpaces(hits: readonly SearchHit[], urls: UrlBuilder) {
  const spaces = new Map<string, { id: string; title: string; hits: SearchHit[] }>();
  for (const hit of hits) {
    const space = spaces.get(hit.spaceId) ?? { id: hit.spaceId, title: hit.spaceTitle, hits: [] };
    space.hits.push(hit);
    spaces.set(hit.spaceId, space);
  }
  return [...spaces.values()].map((space) => {
    const pages = presentSearchPages(space.hits, urls);
    return { type: 'space' as const, id: space.id, title: space.title, score: Math.max(0, ...pages.map((p) => p.score)), pages };
  });
}
