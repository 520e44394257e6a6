// The `revision.created` fact (content.events, keyed by the space; proto/TOPICS.md), built in one
// place for every writer of a revision: imports and page edits (commit-edit.ts), merges and
// updates of change requests (merge-change-request.ts).

export interface RevisionCreated {
  spaceId: string;
  organizationId: string;
  revisionId: string;
  parents: string[];
  type: 'edits' | 'merge' | 'update';
  changedPageIds: string[];
  /** Whether it became the space's current revision (imports into main, merges); the search index follows those. */
  current: boolean;
  /** The change request whose revision it is, or whose merge made it. */
  changeRequestId?: string;
}

/** The event's payload: every field above, `changeRequestId` only when there is one. */
export function revisionCreatedPayload(revision: RevisionCreated): Record<string, unknown> {
  const { spaceId, organizationId, revisionId, parents, type, changedPageIds, current, changeRequestId } = revision;
  return { spaceId, organizationId, revisionId, parents, type, changedPageIds, current, ...(changeRequestId ? { changeRequestId } : {}) };
}
