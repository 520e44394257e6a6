export { startGitSyncConsumer } from './consumers/git-sync-jobs.consumer';
export { gitSyncRoutes } from './http/git-sync.routes';
export { presentGitSyncState } from './presenters/git-sync.presenter';
export type { SpaceGitSync } from './model/git-sync';
