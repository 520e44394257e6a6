// The insights module's face (the whole service is one module: ingest and reads share one store
// port, ClickHouse or embedded, and one access rule). The wiring builds it from these.
export { eventsRoutes } from './http/events/events.routes';
export { aggregateRoutes } from './http/aggregate/aggregate.routes';
export { visitorSegmentsRoutes } from './http/visitor-segments/visitor-segments.routes';
export { insightsSubscription, INSIGHTS_EVENTS_CONSUMER } from './consumers/insights-events.consumer';
export { SiteLevels } from './domain/site-levels';
export { openInsightsStore } from './application/open-insights-store';
export type { InsightsStore } from './store/insights-store';
export { insightsGrpc } from './grpc/insights.grpc';
