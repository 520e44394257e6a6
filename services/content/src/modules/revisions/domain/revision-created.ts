import type { ContentEventData } from '@quire/contracts';

// The `revision.created` fact (content.events, keyed by the space; its schema is declared in
// packages/contracts/src/content-events.ts, documented in proto/TOPICS.md), built in one
// place for every writer of a revision: imports and page edits (commit-edit.ts), merges and
// updates of change requests (merge-change-request.ts).

/** The event's data as its schema declares it. */
export type RevisionCreated = ContentEventData<'revision.created'>;

/** The event's payload: every declared field, `changeRequestId` only when there is one. */
export function revisionCreatedPayload(revision: RevisionCreated): RevisionCreated {
  const { spaceId, organizationId, revisionId, parents, type, changedPageIds, current, changeRequestId } = revision;
  return { spaceId, organizationId, revisionId, parents, type, changedPageIds, current, ...(changeRequestId ? { changeRequestId } : {}) };
}
