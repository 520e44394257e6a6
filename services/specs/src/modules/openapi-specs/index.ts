// The OpenAPI specs module's face: what the service's wiring (service.ts) mounts and starts.
export type { SpecDeps } from './application/deps';
export { startSpecJobsConsumer } from './consumers/spec-jobs.consumer';
export { SpecDocuments } from './domain/spec-documents';
export type { SpecSchedule } from './domain/spec-sources';
export type { SpecsHttpDeps } from './http/deps';
export { openapiRoutes } from './http/openapi.routes';
export { specVersionsRoutes } from './http/versions.routes';
export { startRefreshSchedule } from './jobs/refresh-schedule';
export { publishedOperationsGrpc } from './grpc/published-operations.grpc';
