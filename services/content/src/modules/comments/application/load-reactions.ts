import type { SqlExecutor } from '@quire/platform/sql';
import { reactionsOn } from '../store/comments.store';
import type { Reaction } from '../model/comment';

/** The reactions on comments or replies (`subjectIds`), in one query. */
export function loadReactions(db: SqlExecutor, subjectIds: string[]): Promise<Reaction[]> {
  return reactionsOn(db, subjectIds);
}
