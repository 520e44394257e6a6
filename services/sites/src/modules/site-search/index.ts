// The site-search module's face: searchSiteContent, mounted by the service's wiring,
// and the reader's gRPC call over the same use case (Sites.SearchPublishedSite).
// It uses the sites module's face for the site, its policy, its structure and its published address,
// and content's index over gRPC (SearchPublishedContent).
export { siteSearchRoutes } from './http/site-search.routes';
export { siteSearchGrpc } from './grpc/site-search.grpc';
