import type { DeclaredEvent, DeclaredTopicName, TopicNamed } from './catalog';
import type { EventDataOf, EventTypeOf } from './event-schema';

/**
 * The one way a service builds an event for its outbox: the topic, the message key (the entity
 * whose events must stay in order), a type the topic declares and exactly that type's data.
 * TypeScript refuses an undeclared topic or type and a missing or extra data field, per topic; the
 * platform's `enqueueEvent(tx, event, now)` writes it in the caller's transaction (and checks the
 * data again at run time). Builds a plain object: no runtime, so any package may call it.
 */
export function outboxEvent<N extends DeclaredTopicName, K extends EventTypeOf<TopicNamed<N>>>(
  topic: N,
  key: string,
  type: K,
  data: EventDataOf<TopicNamed<N>, K>,
): DeclaredEvent<N, K> {
  return { topic, key, type, data };
}
