import type { Role } from '@quire/access';
import { authorizeMoveTarget, type MoveTarget } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { moveCollection as placeCollection } from '../domain/collection-mover';
import { authorizeCollection } from '../policies/collection.policy';
import type { Collection } from '../model/collection';

/** Moves a collection among its siblings or under another parent; `parent` omitted: it stays under its parent. */
export async function moveCollection(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { collectionId: string; parent?: string | null; position?: MoveTarget['position'] },
): Promise<{ collection: Collection; level: Role }> {
  const { collection, level } = await authorizeCollection(db, membership, input.collectionId, caller.userId, 'move');
  const parentId = await authorizeMoveTarget(db, membership, collection, input.parent, caller.userId);
  return { collection: await placeCollection(db, collection, { parentId, position: input.position }, clock()), level };
}
