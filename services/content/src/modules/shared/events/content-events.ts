// content.events and content.jobs: the topics, their event types and their data are declared once, in
// packages/contracts/src/content-events.ts (proto/TOPICS.md is generated from it).
// `revision.created`'s data is built in one place, modules/revisions/domain/revision-created.ts.
import { CONTENT_JOBS_TOPIC, RUN_GIT_SYNC_JOB, type RunGitSyncJob } from '@quire/contracts';

export {
  CONTENT_JOBS_TOPIC,
  CONTENT_TOPIC,
  ContentEvent,
  RUN_GIT_SYNC_JOB,
  type ContentEventData,
  type ContentEventType,
  type RunGitSyncJob,
} from '@quire/contracts';

/** The job that runs one Git Sync operation, keyed by the space so one space's operations run in order. */
export const gitSyncJob = (data: RunGitSyncJob) => ({ topic: CONTENT_JOBS_TOPIC, key: data.spaceId, type: RUN_GIT_SYNC_JOB, data });
