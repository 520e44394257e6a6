import { newId } from '@quire/ids';
import { commitEdit, findBodies, findRevision, loadRevision, storeBlobs, type ContentDeps, type Caller, type RevisionTree } from '../../revisions';
import { changeRequestHead } from './change-request-head';
import { readBatchFiles } from '../domain/batch-files';
import { blockRevertsAhead } from './block-revert-threads';
import { applyContentChanges, storedBodiesToRead, type ChangesDraft, type ContentChange } from '../domain/content-changes';
import { withMarkdownBodies, type PostedChange } from '../domain/posted-documents';
import { authorizeChangeRequest, type AuthorizedChangeRequest } from '../policies/change-request.policy';
import { findChangeRequestRow } from '../store/change-requests.store';
import { changeRequestBase, type ChangeRequest } from '../model/change-request';

export interface ContentChangesInput {
  changes: readonly PostedChange[];
  /** The largest file an `insert_files` change may send inline (base64), in bytes (the schema's bound). */
  base64FileBytes: number;
}

export interface ContentChangesResult {
  space: AuthorizedChangeRequest['space'];
  /** The change request as it is after the batch. */
  changeRequest: ChangeRequest;
  revisionId: string;
  draft: ChangesDraft;
}

/**
 * The use case's first step, which the route declares as its `authorize`: `edit` on the change
 * request, asked before the body (up to 50 pages of a megabyte) is parsed, so that a stranger costs
 * a lookup. What it answers is the use case's `authorized` argument.
 */
export function contentChangesAccess(deps: ContentDeps) {
  return ({ params, principal }: { params: { spaceId: string; changeRequestId: string }; principal: Caller }): Promise<AuthorizedChangeRequest> =>
    authorizeChangeRequest(deps.db, deps.membership, params.spaceId, params.changeRequestId, principal.userId, 'edit');
}

/**
 * `updateChangeRequestContent`: a batch of page changes applied in order as one `edits` revision of
 * the change request, or nothing. Posted documents are converted, files read and stored before the
 * transaction (content-addressed: a retry writes nothing twice); the change request's row lock
 * (commitEdit) serializes two batches on it.
 */
export async function updateChangeRequestContent(
  deps: ContentDeps,
  caller: Caller,
  { space, changeRequest }: AuthorizedChangeRequest,
  input: ContentChangesInput,
): Promise<ContentChangesResult> {
  const changes = await readChanges(deps, input);
  const baseRevision = changeRequestBase(changeRequest);
  const revisions = await revertSources(deps, space.id, changes, baseRevision);
  const head = await loadRevision(deps.db, deps.cache, space.id, changeRequest.revisionId);
  const revertedBlocks = await blockRevertsAhead(deps.db, head.revision.tree, changes, revisions, baseRevision, deps.conversions);
  const context = { newId, now: deps.clock(), revisions, baseRevision, revertedBlocks };
  const request = { head: changeRequestHead(space.id, changeRequest.id, caller.userId), organizationId: space.organizationId, userId: caller.userId };
  const { revisionId, draft } = await commitEdit(deps.db, deps.clock, request, async (tree, tx) => {
    // The bodies block reverts read, under the change request's lock.
    const storedBodies = await findBodies(tx, storedBodiesToRead(tree, changes, revisions));
    return applyContentChanges(tree, changes, { ...context, storedBodies });
  });
  const updated = (await findChangeRequestRow(deps.db, space.id, changeRequest.id)) ?? changeRequest;
  return { space, changeRequest: updated, revisionId, draft };
}

/** The changes with their documents converted to markdown and their files read, the files' bytes stored. */
async function readChanges(deps: ContentDeps, input: ContentChangesInput): Promise<ContentChange[]> {
  const { fetcher, limits } = deps.imports.importDeps;
  const fileLimits = { base64Bytes: input.base64FileBytes, fetchBytes: limits.maxFetchBytes, fetchTimeoutMs: limits.fetchTimeoutMs };
  const changes = await readBatchFiles(await withMarkdownBodies(input.changes, deps.conversions), fetcher, fileLimits);
  await storeBlobs(
    deps.db,
    deps.blobs,
    changes.flatMap((c) => (c.operation === 'insert_files' ? c.files.map((f) => f.bytes) : [])),
  );
  return changes;
}

/** The revisions a revert takes pages from, by id: the change request's base, or the one it names (one not of the space is left out: the revert answers 400). */
async function revertSources(deps: ContentDeps, spaceId: string, changes: readonly ContentChange[], baseRevision: string): Promise<Map<string, RevisionTree>> {
  const revisions = new Map<string, RevisionTree>();
  for (const change of changes) {
    const id = change.operation === 'revert_page' ? (change.revision ?? baseRevision) : undefined;
    const found = id && !revisions.has(id) ? await findRevision(deps.db, spaceId, id) : null;
    if (id && found) revisions.set(id, found.tree);
  }
  return revisions;
}
