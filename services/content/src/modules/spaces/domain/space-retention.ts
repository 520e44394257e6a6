import { ApiError, conflict } from '@quire/errors';
import type { Space } from '../model/space';

/** How long a deleted space can be restored before the sweeper removes it (spec §3, §8). */
export const SPACE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** The oldest deletion time that can still be restored at `now`. */
export const retentionCutoff = (now: Date) => new Date(now.getTime() - SPACE_RETENTION_MS);

/** The 410 of a space deleted longer ago than its retention. */
export const restoreExpired = (space: Space) => new ApiError(410, `Space ${space.id} was deleted more than 7 days ago and can no longer be restored`);

/**
 * Refuses the restore of a space that is not deleted (409) or was deleted longer ago than its
 * retention (410, until the sweeper removes it; a 404 afterwards, like any unknown space).
 */
export function checkRestorable(space: Space, now: Date): void {
  if (!space.deletedAt) throw conflict(`Space ${space.id} is not deleted`);
  if (space.deletedAt <= retentionCutoff(now)) throw restoreExpired(space);
}
