import type { Role } from '@quire/access';
import type { UrlBuilder } from '@quire/urls';
import type { Collection } from '../model/collection';
import { collectionPermissions } from '../../content-tree';

/** Reference schema: Collection; `permissions` are the caller's (`level`). */
export function presentCollection(collection: Collection, level: Role | null, urls: UrlBuilder) {
  return {
    object: 'collection' as const,
    id: collection.id,
    title: collection.title,
    ...(collection.description !== null ? { description: collection.description } : {}),
    organization: collection.organizationId,
    ...(collection.parentId ? { parent: collection.parentId } : {}),
    defaultLevel: collection.defaultLevel,
    urls: {
      location: urls.api(`/collections/${collection.id}`),
      app: urls.app(`/o/${collection.organizationId}/c/${collection.id}`),
    },
    permissions: collectionPermissions(level),
  };
}
