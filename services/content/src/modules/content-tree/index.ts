export { type MoveTarget, moveWithinOrganization, transferToOrganization } from './application/content-placement';
export { keyAtEnd, keyRightAfter, lastKeyAmong, lockContentOrdering } from './application/ordering-keys';
export { collectionParams, defaultLevel, emoji, moveBody, orgParams, spaceParams, transferBody } from './http/content.schema';
export { authorizeContent, authorizeInOrganization, levelOnContent } from './policies/content.policy';
export { authorizeDestination, authorizeMoveTarget } from './policies/destination.policy';
export { collectionPermissions, spacePermissions } from './presenters/content-permissions';
