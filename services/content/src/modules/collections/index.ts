export { collectionsRoutes } from './http/collections.routes';
export { authorizeDestination, authorizeMoveTarget } from './policies/collection.policy';
export { COLLECTION_TREE_CTE } from './store/collections.store';
