import { conflict } from '@quire/errors';
import type { Space } from '../model/space';
import type { SpaceChanges } from '../model/space-changes';

/** A deleted space is only restored or read: every other change is a 409. */
export function refuseDeleted(space: Space): void {
  if (space.deletedAt) throw conflict(`Space ${space.id} is deleted; restore it first`);
}

/** The fields a PATCH changes (its event names them); none: the PATCH changes nothing. */
export function changedSpaceFields(changes: SpaceChanges): string[] {
  return Object.keys(changes).filter((k) => changes[k as keyof SpaceChanges] !== undefined);
}
