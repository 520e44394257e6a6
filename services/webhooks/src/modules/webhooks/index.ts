// The webhooks module's face: what the service's wiring (service.ts) starts.
export { sealStoredCredentials } from './application/seal-stored-credentials';
export type { WebhookDeps } from './application/deps';
export { startBusEventsConsumer } from './consumers/bus-events.consumer';
export { webhooksRoutes } from './http/webhooks.routes';
export { startDeliveryRetention } from './jobs/delivery-retention';
export { DeliveryMetrics, DeliveryWorker } from './jobs/delivery-worker';
