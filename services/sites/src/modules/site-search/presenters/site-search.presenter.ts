import { encodePageToken, type PageRequest } from '@quire/input';
import type { content } from '@quire/proto';
import type { UrlBuilder } from '@quire/urls';
import { publishedUrl, type Site, type SiteSpacePlace } from '../../sites';

// searchSiteContent's answer (reference 0.202.0): a List of SearchSpaceResult, each with its
// SearchPageResult and their SearchSectionResult hits. Beyond the reference's `urls.app`, each
// page and section carries `urls.published` — its site space's published address, the page's path,
// and the section's anchor — while the site is published (as Site.urls.published), with the
// audience's share key.

type PublishingSite = Pick<Site, 'id' | 'organizationId' | 'basename' | 'hostname' | 'proxyUrl' | 'published'>;

interface Addressing {
  site: PublishingSite;
  urls: UrlBuilder;
  shareKey: string | null;
}

function pageAddress(place: SiteSpacePlace | undefined, pagePath: string, at: Addressing): string | undefined {
  if (!place) return undefined;
  return publishedUrl(at.site, at.urls, { path: [...place.path, ...pagePath.split('/')], shareKey: at.shareKey });
}

function presentSection(section: content.PublishedSearchSection, published: string | undefined) {
  const sectionPublished = published && section.anchor ? `${published}#${encodeURIComponent(section.anchor)}` : published;
  return {
    id: section.id,
    title: section.title,
    path: section.path,
    score: section.score,
    resultType: section.resultType as 'page' | 'section',
    body: section.body,
    urls: { app: section.appUrl, ...(sectionPublished ? { published: sectionPublished } : {}) },
  };
}

function presentPage(page: content.PublishedSearchPage, place: SiteSpacePlace | undefined, at: Addressing) {
  const published = pageAddress(place, page.path, at);
  return {
    id: page.id,
    title: page.title,
    description: page.description,
    path: page.path,
    score: page.score,
    rank: page.rank,
    resultType: page.resultType as 'page' | 'section',
    sections: page.sections.map((s) => presentSection(s, published)),
    ancestors: page.ancestorTitles.map((title) => ({ title })),
    urls: { app: page.appUrl, ...(published ? { published } : {}) },
  };
}

/** One SearchSpaceResult per space, in the order of its best page. */
export function presentSiteSearchSpaces(spaces: readonly content.PublishedSearchSpace[], placeOfSpace: ReadonlyMap<string, SiteSpacePlace>, at: Addressing) {
  return spaces.map((space) => ({
    type: 'space' as const,
    id: space.id,
    title: space.title,
    score: space.score,
    pages: space.pages.map((page) => presentPage(page, placeOfSpace.get(space.id), at)),
  }));
}

/**
 * The List envelope: results page over pages (the reference's SearchPageResult.rank is a position
 * in one ranked list of pages, "preserved when results are paginated and grouped by space"), so
 * `limit` bounds the pages of an answer, `count` counts the pages found (left out for a broad
 * query whose matches were sampled, as space search does) and `next` pages on past the last page shown.
 */
export function siteSearchEnvelope<T extends { pages: unknown[] }>(items: T[], found: { pagesFound: number; complete: boolean }, page: PageRequest) {
  const shown = items.reduce((n, item) => n + item.pages.length, 0);
  const nextOffset = page.offset + shown;
  const next = shown > 0 && nextOffset < found.pagesFound ? { next: { page: encodePageToken(nextOffset) } } : {};
  return { ...next, ...(found.complete ? { count: found.pagesFound } : {}), items };
}
