import { z } from 'zod';
import { defineTopic, type EventDataOf, type EventOf, type EventTypeOf } from './event-schema';
import { SPECS_JOBS_TOPIC, SPECS_TOPIC } from './topics';

// specs.events: what specs announces; specs.jobs: the processing jobs specs gives itself.

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

const organizationId = z.string();
const specId = z.string();
const translationId = z.string();

export const specsEvents = defineTopic(SPECS_TOPIC, 'the spec id (translation settings: their id)', {
  [SpecEvent.specCreated]: z.object({ organizationId, specId, slug: z.string(), createdBy: z.string() }),
  [SpecEvent.specSourceChanged]: z.object({ organizationId, specId, kind: z.enum(['url', 'text']), updatedBy: z.string() }),
  [SpecEvent.specProcessed]: z.object({
    organizationId,
    specId,
    errorCode: z.string().nullable().describe('null, `FETCH_TIMEOUT`, `FETCH_ERROR` or `PARSE_ERROR`'),
    newVersion: z.string().nullable().optional().describe('the version it created (null: the content did not change); absent on an error'),
  }),
  [SpecEvent.specVersionCreated]: z.object({ organizationId, specId, versionId: z.string() }),
  [SpecEvent.specUpdated]: z.object({ organizationId, specId, visibility: z.string(), updatedBy: z.string() }),
  [SpecEvent.specDeleted]: z.object({ organizationId, specId, slug: z.string(), deletedBy: z.string() }),
  [SpecEvent.translationCreated]: z.object({ organizationId, translationId, createdBy: z.string() }),
  [SpecEvent.translationUpdated]: z.object({ organizationId, translationId, updatedBy: z.string() }),
  [SpecEvent.translationDeleted]: z.object({ organizationId, translationId, deletedBy: z.string() }),
});

export type SpecEventType = EventTypeOf<typeof specsEvents>;
export type SpecEventData<K extends SpecEventType> = EventDataOf<typeof specsEvents, K>;
export type SpecEventEnvelope = EventOf<typeof specsEvents>;

export const PROCESS_SPEC_JOB = 'openapi-spec.process' as const;

export const specsJobs = defineTopic(SPECS_JOBS_TOPIC, "the spec id, so one spec's jobs run in order", {
  [PROCESS_SPEC_JOB]: z
    .object({ organizationId, specId, sourceId: z.string() })
    .describe('consumed by `specs-jobs`, which fetches, parses and validates the source (docs/specs.md)'),
});

export type ProcessSpecJob = EventDataOf<typeof specsJobs, typeof PROCESS_SPEC_JOB>;
export type SpecJobEnvelope = EventOf<typeof specsJobs>;
