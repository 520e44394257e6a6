// The wiring (service.ts) mounts the routes; the permission listings check a collection's reader and admin here.
export { authorizeCollection } from './policies/collection.policy';
export type { Collection } from './model/collection';
// For content-urls (getContentByUrl): a collection as its read answers it.
export { getCollection } from './application/get-collection';
export { presentCollection } from './presenters/collection.presenter';
