// The pages module's face: the published addresses' routes.
export { publishedRoutes, type PublishedRoutesDeps } from './http/published.routes';
// For the machine-readable module (llms.txt, MCP): the page tree, the site's profile, a visit's credentials.
export { PageTree, type PageEntry } from './domain/page-tree';
export { readSiteProfile, type SiteProfile } from './domain/site-structure';
export { readVisit } from './domain/visitor-credentials';
export { visitorUrlOf } from './domain/visitor-url';
export type { ReaderDeps } from './application/deps';
export type { TextAnswer } from './domain/reader-answer';
export { visitOf } from './domain/visit-of';
export { readSiteProfileJson, readSpacePages } from './application/site-reads';
