import { badRequest } from '@quire/errors';
import type { CollectionChanges } from '../model/collection';

/** The fields a PATCH changes (its event names them); none: the PATCH changes nothing. */
export function changedCollectionFields(changes: CollectionChanges): string[] {
  return Object.keys(changes).filter((k) => changes[k as keyof CollectionChanges] !== undefined);
}

/** A collection cannot move into itself or one of its sub-collections (400); `subtree` is the collection and all below it. */
export function refuseMoveIntoSubtree(parentId: string | null, subtree: string[]): void {
  if (parentId !== null && subtree.includes(parentId)) {
    throw badRequest('Invalid body field "parent": a collection cannot move into itself or one of its sub-collections');
  }
}
