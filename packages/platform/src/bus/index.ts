// The bus port and the in-process bus; Kafka is its own entry (bus/kafka).
export * from './bus';
export { InProcessBus } from './in-process';
