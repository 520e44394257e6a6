// content.events: the topic, its event types and their data are declared once, in
// services/common/src/events/content-events.ts (proto/TOPICS.md is generated from it).
export { CONTENT_TOPIC, ContentEvent, type ContentEventData, type ContentEventType } from '@quire/common';
