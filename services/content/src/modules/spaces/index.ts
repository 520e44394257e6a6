export { contentGrpc } from './grpc/content.grpc';
export { spacesRoutes } from './http/spaces.routes';
export { type SpaceSweeper, startSpaceSweeper } from './jobs/space-sweeper';
export { type AuthorizedSpace, authorizeSpace, authorizeSpaceAccess } from './policies/space.policy';
export { type PresentedSpace, presentSpace } from './presenters/space.presenter';
export { orphanSpacesOfCollectionTree, setOrganizationOfSpacesIn, setSpacePosition } from './store/space-placement.store';
export { findActiveSpacesWithCounts, findSpaceById, listSpacesInCollection } from './store/spaces.store';
export type { Space, SpaceWithCounts } from './model/space';
