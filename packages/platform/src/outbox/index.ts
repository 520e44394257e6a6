export * from './outbox';
export { OutboxRelay } from './relay';
export * from './sweeper';
export { idempotentConsumer } from './consumer';
