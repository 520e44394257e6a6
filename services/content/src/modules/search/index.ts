export { ForegroundGate } from './consumers/foreground-gate';
export { subscribeSearchIndex } from './consumers/search-index.consumer';
export { pageSections } from './domain/page-sections';
export type { SectionsOf } from './domain/search-indexer';
export { searchAdminRoutes } from './http/search-admin.routes';
export { searchRoutes } from './http/search.routes';
export type { PageSection } from './model/page-section';
