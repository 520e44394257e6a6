export * from './outbox';
export { OutboxRelay } from './relay';
export * from './sweeper';
export { idempotentConsumer } from './consumer';
export { apiActor, currentActor, runAsActor, scriptActor, stopTrackingActors, systemActor } from './actor-context';
