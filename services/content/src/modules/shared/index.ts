export { announce } from './events/announce';
export { CONTENT_JOBS_TOPIC, CONTENT_TOPIC, ContentEvent, type ContentEventData, gitSyncJob, type RunGitSyncJob } from './events/content-events';
export type { ContentHttpDeps } from './model/http-deps';
export type { Caller, ContentAppDeps } from './model/app-deps';
