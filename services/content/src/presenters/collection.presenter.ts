import type { Role, UrlBuilder } from '@quire/common';
import type { CollectionRow } from '../store/collections.store';
import { collectionPermissions } from './content-permissions';

/** Reference schema: Collection; `permissions` are the caller's (`level`). */
export function presentCollection(collection: CollectionRow, level: Role | null, urls: UrlBuilder) {
  return {
    object: 'collection' as const,
    id: collection.id,
    title: collection.title,
    ...(collection.description !== null ? { description: collection.description } : {}),
    organization: collection.organization_id,
    ...(collection.parent_id ? { parent: collection.parent_id } : {}),
    defaultLevel: collection.default_level,
    urls: {
      location: urls.api(`/collections/${collection.id}`),
      app: urls.app(`/o/${collection.organization_id}/c/${collection.id}`),
    },
    permissions: collectionPermissions(level),
  };
}
