import { revisionNotFound } from '@quire/errors';
import { findRevision, type Revision, type RevisionTree } from '../../revisions';
import type { Caller, ContentHttpDeps } from '../../shared';
import type { Space } from '../../spaces';
import { semanticChanges, type SemanticChange } from '../domain/semantic-changes';
import { changeRequestBase } from '../model/change-request';
import { authorizeChangeRequest, authorizeSpaceFor } from '../policies/change-request.policy';

/** The changes between two revisions, and the revision they lead to (its files' URLs name it). */
export interface SemanticDiff {
  space: Space;
  before: { id: string; pages: RevisionTree['pages'] };
  after: Revision;
  changes: SemanticChange[];
}

async function revisionOf(deps: ContentHttpDeps, spaceId: string, revisionId: string): Promise<Revision> {
  const revision = await findRevision(deps.db, spaceId, revisionId);
  if (!revision) throw revisionNotFound(revisionId);
  return revision;
}

/** What a change request changes (`read`): from its base to its head, as a merge would bring it in. */
export async function changeRequestChanges(deps: ContentHttpDeps, caller: Caller, input: { spaceId: string; changeRequestId: string }): Promise<SemanticDiff> {
  const { space, changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'read');
  const [before, after] = [await revisionOf(deps, space.id, changeRequestBase(changeRequest)), await revisionOf(deps, space.id, changeRequest.revisionId)];
  return { space, before: { id: before.id, pages: before.tree.pages }, after, changes: semanticChanges(before.tree, after.tree) };
}

/** What a revision changed (`read`): from its first parent (a merge: main before it), or from nothing for the first. */
export async function revisionChanges(deps: ContentHttpDeps, caller: Caller, input: { spaceId: string; revisionId: string }): Promise<SemanticDiff> {
  const { space } = await authorizeSpaceFor(deps.db, deps.membership, input.spaceId, caller.userId, 'read');
  const after = await revisionOf(deps, space.id, input.revisionId);
  const parent = after.parents[0];
  const before = parent ? await revisionOf(deps, space.id, parent) : { id: after.id, tree: { pages: [], files: [] } };
  return { space, before: { id: before.id, pages: before.tree.pages }, after, changes: semanticChanges(before.tree, after.tree) };
}
