export { type MoveTarget, moveWithinOrganization, transferToOrganization } from './application/content-placement';
export { keyAtEnd, keyRightAfter, lastKeyAmong, lockContentOrdering } from './application/ordering-keys';
export { collectionParams, defaultLevel, emoji, moveBody, orgParams, spaceParams, transferBody } from './http/content.schema';
export {
  authorizeContent,
  authorizeContentReader,
  authorizeInOrganization,
  levelOnContent,
  loadContentAccess,
  visibleCollections,
  visibleSpaces,
  type ContentAccess,
} from './policies/content.policy';
export type { ContentGrant, ContentNode, Principal, PrincipalKind, ResourceKind, VisibleFilter } from './model/content-access';
export { authorizeDestination, authorizeMoveTarget } from './policies/destination.policy';
export { collectionPermissions, spacePermissions } from './presenters/content-permissions';
