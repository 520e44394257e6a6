// Facts the specs service announces, and its processing jobs (documented in proto/TOPICS.md).
export const SPECS_TOPIC = 'specs.events';
/** Jobs: one message per source to process; consumed by the specs service itself. */
export const SPECS_JOBS_TOPIC = 'specs.jobs';

export const SpecEvent = {
  specCreated: 'openapi-spec.created',
  specSourceChanged: 'openapi-spec.source-changed',
  specProcessed: 'openapi-spec.processed',
  specVersionCreated: 'openapi-spec.version-created',
  specUpdated: 'openapi-spec.updated',
  specDeleted: 'openapi-spec.deleted',
  translationCreated: 'translation-settings.created',
  translationUpdated: 'translation-settings.updated',
  translationDeleted: 'translation-settings.deleted',
} as const;

export type SpecEventType = (typeof SpecEvent)[keyof typeof SpecEvent];

/** A fact about one spec, keyed by its id so that the spec's events stay in order. */
export const specEvent = <D extends { organizationId: string; specId: string }>(type: SpecEventType, data: D) => ({
  topic: SPECS_TOPIC,
  key: data.specId,
  type,
  data,
});

export const translationEvent = <D extends { organizationId: string; translationId: string }>(type: SpecEventType, data: D) => ({
  topic: SPECS_TOPIC,
  key: data.translationId,
  type,
  data,
});

export const PROCESS_SPEC_JOB = 'openapi-spec.process';

export interface ProcessSpecJob {
  organizationId: string;
  specId: string;
  sourceId: string;
}

/** The job that processes one source of a spec, keyed by the spec so one spec's jobs run in order. */
export const processSpecJob = (data: ProcessSpecJob) => ({ topic: SPECS_JOBS_TOPIC, key: data.specId, type: PROCESS_SPEC_JOB, data });
