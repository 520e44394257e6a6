// @quire/page-html: a published page's document as safe, accessible HTML (the reader's
// core), with its table of contents and description. Pure: no I/O, no platform; the caller says
// where pages and files are published through the render context.

export { renderPageDocument, preparePageRenderer, descriptionOf } from './render/page-document';
export type {
  PageRenderContext,
  RenderedPage,
  TocHeading,
  OpenApiBlock,
  OpenApiView,
  OpenApiParameter,
  OpenApiPayload,
  OpenApiResponse,
  OpenApiSchema,
} from './render/page-context';
export { PAGE_SCHEMA } from './safety/sanitize-schema';
export { linkUrl, imageUrl, type SafeUrl } from './safety/urls';
export { renderSitePage, renderSearchPage, renderNotFoundPage, renderFeedbackPage } from './layout/site-pages';
export { siteStylesheet, SITE_RULES } from './layout/stylesheet';
export type {
  SitePageView,
  SearchPageView,
  NotFoundPageView,
  FeedbackPageView,
  SiteChromeView,
  SiteFontView,
  SiteFontsView,
  IconView,
  SiteInfo,
  PageView,
  LinkView,
  SectionItem,
  VariantView,
  TreePage,
  SearchResultView,
} from './layout/site-view';
export { READER_SCRIPT, READER_SCRIPT_HASH, READER_SCRIPT_FILE } from './browser/reader-script';
