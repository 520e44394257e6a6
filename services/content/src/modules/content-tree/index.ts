export { type MoveTarget, moveWithinOrganization, transferToOrganization } from './domain/content-placement';
export { keyAtEnd } from './domain/content-position';
export { collectionParams, defaultLevel, emoji, moveBody, orgParams, spaceParams, transferBody } from './http/content.schema';
export { authorizeContent, authorizeInOrganization, levelOnContent } from './policies/content.policy';
export { authorizeDestination, authorizeMoveTarget } from './policies/destination.policy';
export { collectionPermissions, spacePermissions } from './presenters/content-permissions';
export { COLLECTION_TREE_CTE } from './store/collection-tree.store';
export { lastSiblingKey, lockOrdering, siblingKeyAbove } from './store/ordering.store';
