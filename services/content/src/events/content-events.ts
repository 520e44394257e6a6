// content.events: the topic, its event types and their data are declared once, in
// services/common/src/events/content-events.ts (proto/TOPICS.md is generated from it).
// `revision.created`'s data is built in one place, domain/content/revision-created.ts.
export { CONTENT_TOPIC, ContentEvent, type ContentEventData, type ContentEventType } from '@quire/common';
