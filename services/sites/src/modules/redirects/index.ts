// The redirects module's face: site redirects, mounted by the service's wiring. It
// uses the sites module's face for the site, its policy and its address.
export { siteRedirectsRoutes } from './http/site-redirects.routes';
export { subscribeToPageMoves } from './consumers/page-moves.consumer';
// For the published-urls module: the live redirect a request path matches, and its target.
export { getSiteRedirectBySource } from './application/get-site-redirect-by-source';
