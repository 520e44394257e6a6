export type { SpaceGitSync } from './model/space-git-sync';
export { orphanSpacesOfCollectionTree, transferSpacesOfCollections } from './application/collection-spaces';
export { findActiveSpacesWithCounts } from './application/find-active-spaces';
export { findSpaceById } from './application/find-space-by-id';
export { listSpacesInCollection } from './application/list-spaces-in-collection';
export { type AuthorizedSpace, authorizeSpace, authorizeSpaceAccess } from './policies/space.policy';
export { presentGitSyncState } from './presenters/git-sync-state.presenter';
export { type PresentedSpace, presentSpace, presentSpacePage } from './presenters/space.presenter';
export type { Space, SpaceWithCounts } from './model/space';
export type { MergeRule, MergeRulesConfiguration, SpaceMergeRules } from './model/merge-rules';
// For content-urls (getContentByUrl): a space as its read answers it.
export { getSpace } from './application/get-space';
