import { conflict } from '@quire/errors';
import type { RevisionTree } from '../../revisions';

/** Merged and archived change requests are closed: no content, no update, no merge (409). */
export function assertChangeRequestOpen(status: string, number: number, what: string): void {
  if (status === 'merged') throw conflict(`Change request #${number} is already merged: it cannot ${what}`);
  if (status === 'archived') throw conflict(`Change request #${number} is archived: reopen it (PATCH status "open") before it can ${what}`);
}

/** The conflicted pages whose body is still the one holding the markers. */
export function stillConflicted(conflicts: Record<string, string>, tree: RevisionTree): Record<string, string> {
  const bodies = new Map(tree.pages.map((p) => [p.id, p.body]));
  return Object.fromEntries(Object.entries(conflicts).filter(([pageId, hash]) => bodies.get(pageId) === hash));
}
