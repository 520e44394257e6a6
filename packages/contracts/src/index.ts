export * from './topics';
export {
  defineTopic,
  parseEvent,
  strictly,
  MalformedEventError,
  type EventDataOf,
  type EventDataSchemas,
  type EventOf,
  type EventTopic,
  type EventTypeOf,
} from './event-schema';
export * from './identity-events';
export { PERMISSION_UPDATED, permissionUpdated, type PermissionUpdated } from './permission-event';
export * from './content-events';
export * from './sites-events';
export * from './specs-events';
export { declaredTopic, EVENT_TOPICS, type DeclaredEvent, type DeclaredTopic, type DeclaredTopicName, type TopicNamed } from './catalog';
export { outboxEvent } from './outbox-event';
export { renderTopicsDoc } from './topics-doc';
