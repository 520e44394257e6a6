// The pages module's face: the published addresses' routes (issue #36 §1–§3).
export { publishedRoutes, type PublishedRoutesDeps } from './http/published.routes';
export type { ReaderDeps } from './application/deps';
