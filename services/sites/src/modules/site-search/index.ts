// The site-search module's face: searchSiteContent (issue #35 §3), mounted by the service's wiring.
// It uses the sites module's face for the site, its policy, its structure and its published address,
// and content's index over gRPC (SearchPublishedContent).
export { siteSearchRoutes } from './http/site-search.routes';
export { siteSearchGrpc } from './grpc/site-search.grpc';
