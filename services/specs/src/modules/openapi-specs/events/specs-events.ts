// specs.events and specs.jobs (OpenAPI specs' facts and jobs; translation settings have their own
// helper in their module): the topics, their event types and their data are declared once, in
// packages/contracts/src/specs-events.ts (proto/TOPICS.md is generated from it).
import { PROCESS_SPEC_JOB, SPECS_JOBS_TOPIC, SPECS_TOPIC, SpecEvent, type ProcessSpecJob, type SpecEventData, type SpecEventType } from '@quire/contracts';

export { PROCESS_SPEC_JOB, SPECS_JOBS_TOPIC, SPECS_TOPIC, SpecEvent, type ProcessSpecJob, type SpecEventType };

/** A fact about one spec, keyed by its id so that the spec's events stay in order. */
export const specEvent = <K extends SpecEventType>(type: K, data: SpecEventData<K> & { organizationId: string; specId: string }) => ({
  topic: SPECS_TOPIC,
  key: data.specId,
  type,
  data,
});

/** The job that processes one source of a spec, keyed by the spec so one spec's jobs run in order. */
export const processSpecJob = (data: ProcessSpecJob) => ({ topic: SPECS_JOBS_TOPIC, key: data.specId, type: PROCESS_SPEC_JOB, data });
