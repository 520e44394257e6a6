// identity.events: the topic, its event types and their data are declared once, in
// packages/contracts/src/identity-events.ts (proto/TOPICS.md is generated from it).
import { IDENTITY_TOPIC, IdentityEvent, type IdentityEventData, type IdentityEventType } from '@quire/contracts';

export { IDENTITY_TOPIC, IdentityEvent, type IdentityEventData, type IdentityEventType };

/** An event about one organization, keyed by its id so that its events stay in order. */
export const organizationEvent = <K extends IdentityEventType>(type: K, data: IdentityEventData<K> & { organizationId: string }) => ({
  topic: IDENTITY_TOPIC,
  key: data.organizationId,
  type,
  data,
});
