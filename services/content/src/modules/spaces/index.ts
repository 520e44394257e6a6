export type { SpaceGitSync } from './model/space-git-sync';
export { type AuthorizedSpace, authorizeSpace, authorizeSpaceAccess } from './policies/space.policy';
export { presentGitSyncState } from './presenters/git-sync-state.presenter';
export { type PresentedSpace, presentSpace, presentSpacePage } from './presenters/space.presenter';
export { moveSpaceCustomFieldValues } from './store/space-custom-field-values.store';
export { orphanSpacesOfCollectionTree, setOrganizationOfSpacesIn, setSpacePosition } from './store/space-placement.store';
export { findActiveSpacesWithCounts, findSpaceById, listSpacesInCollection } from './store/spaces.store';
export type { Space, SpaceWithCounts } from './model/space';
