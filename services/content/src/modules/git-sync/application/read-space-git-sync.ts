import type { SqlExecutor } from '@quire/platform/sql';
import type { SpaceGitSync } from '../../spaces';
import { findSpaceGitSync } from '../store/git-sync.store';

/** The repository a space syncs with (null when it never synced): what a published page's "Edit on Git" link is built from. */
export function readSpaceGitSync(db: SqlExecutor, spaceId: string): Promise<SpaceGitSync | null> {
  return findSpaceGitSync(db, spaceId);
}
