// The wiring (service.ts) mounts the routes; the permission listings check a collection's reader and admin here.
export { authorizeCollection } from './policies/collection.policy';
export type { Collection } from './model/collection';
