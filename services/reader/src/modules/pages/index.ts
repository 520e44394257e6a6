// The pages module's face: the published addresses' routes.
export { publishedPlainRoute, publishedRoutes, type PublishedRoutesDeps } from './http/published.routes';
export type { ReaderDeps } from './application/deps';
