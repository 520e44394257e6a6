import type { Role } from '@quire/access';
import { authorizeMoveTarget, type MoveTarget } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { moveSpace as placeSpace } from '../domain/space-mover';
import { authorizeSpace } from '../policies/space.policy';
import type { SpaceWithCounts } from '../model/space';

/** Moves a space among its siblings or into another collection; `parent` omitted: it stays in its collection. */
export async function moveSpace(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string; parent?: string | null; position?: MoveTarget['position'] },
): Promise<{ space: SpaceWithCounts; level: Role }> {
  const { space, level } = await authorizeSpace(db, membership, input.spaceId, caller.userId, 'move');
  const parentId = await authorizeMoveTarget(db, membership, space, input.parent, caller.userId);
  return { space: await placeSpace(db, space, { parentId, position: input.position }, clock()), level };
}
