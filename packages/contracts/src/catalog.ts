import { contentEvents, contentJobs } from './content-events';
import type { EventDataOf, EventTopic, EventTypeOf } from './event-schema';
import { identityEvents } from './identity-events';
import { sitesEvents } from './sites-events';
import { specsEvents, specsJobs } from './specs-events';

/** Every topic whose messages are event envelopes, in the order proto/TOPICS.md lists them. */
export const EVENT_TOPICS = [identityEvents, contentEvents, contentJobs, sitesEvents, specsEvents, specsJobs] as const;

export type DeclaredTopic = (typeof EVENT_TOPICS)[number];
export type DeclaredTopicName = DeclaredTopic['name'];
export type TopicNamed<N extends DeclaredTopicName> = Extract<DeclaredTopic, { name: N }>;

/** One declared event as a producer writes it: a declared type of the topic, with its declared data. */
export interface DeclaredEvent<N extends DeclaredTopicName, K extends EventTypeOf<TopicNamed<N>>> {
  topic: N;
  key: string;
  type: K;
  data: EventDataOf<TopicNamed<N>, K>;
}

export function declaredTopic(name: string): EventTopic | undefined {
  return EVENT_TOPICS.find((topic) => topic.name === name);
}
