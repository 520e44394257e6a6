export { type MoveTarget, moveWithinOrganization, transferToOrganization } from './application/content-placement';
export { changeGrants, collectionTree, dropGrantsOn, grantsOn, listGrants, type GrantChange } from './application/content-grants';
export { keyAtEnd, keyRightAfter, lastKeyAmong, lockContentOrdering } from './application/ordering-keys';
export { collectionParams, defaultLevel, emoji, moveBody, orgParams, spaceParams, transferBody } from './http/content.schema';
export {
  authorizeContent,
  authorizeContentReader,
  authorizeInOrganization,
  levelOnContent,
  loadContentAccess,
  loadContentAccesses,
  visibleCollections,
  visibleSpaces,
  type ContentAccess,
} from './policies/content.policy';
export type { ContentGrant, ContentNode, Principal, PrincipalKind, ResourceKind, VisibleFilter } from './model/content-access';
export { chainIds, peopleAccess, type Person } from './domain/access-chain';
export { authorizeDestination, authorizeMoveTarget } from './policies/destination.policy';
export { collectionPermissions, spacePermissions } from './presenters/content-permissions';
