// @quire/page-html: a published page's document as safe, accessible HTML (issue #36, the reader's
// core), with its table of contents and description. Pure: no I/O, no platform; the caller says
// where pages and files are published through the render context.

export { renderPageDocument, preparePageRenderer, descriptionOf } from './render/page-document';
export type { PageRenderContext, RenderedPage, TocHeading, OpenApiBlock, OpenApiView, OpenApiParameter } from './render/page-context';
export { PAGE_SCHEMA } from './safety/sanitize-schema';
export { linkUrl, imageUrl, type SafeUrl } from './safety/urls';
