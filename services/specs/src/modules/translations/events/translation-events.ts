// Translation settings' facts go on specs.events, declared once in
// packages/contracts/src/specs-events.ts (proto/TOPICS.md is generated from it).
import { SPECS_TOPIC, SpecEvent, type SpecEventData, type SpecEventType } from '@quire/contracts';

export { SpecEvent };

/** A fact about one translation setting, keyed by its id so that its events stay in order. */
export const translationEvent = <K extends SpecEventType>(type: K, data: SpecEventData<K> & { organizationId: string; translationId: string }) => ({
  topic: SPECS_TOPIC,
  key: data.translationId,
  type,
  data,
});
