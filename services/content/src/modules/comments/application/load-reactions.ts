import type { SqlExecutor } from '@quire/platform/sql';
import { reactionsOn, type Reaction } from '../store/comments.store';

/** The reactions on comments or replies (`subjectIds`), in one query. */
export function loadReactions(db: SqlExecutor, subjectIds: string[]): Promise<Reaction[]> {
  return reactionsOn(db, subjectIds);
}
