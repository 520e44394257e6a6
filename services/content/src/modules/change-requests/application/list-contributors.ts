import type { Caller, ContentHttpDeps } from '../../shared';
import { authorizeChangeRequest } from '../policies/change-request.policy';
import { commentContributions, editContributions, type Contribution } from '../store/contributors.store';

export type ContributionKind = 'edit' | 'comment';

/** Who contributed to a change request (`read`): its edits (revisions since it opened), then its comments and replies. */
export async function listContributors(
  deps: ContentHttpDeps,
  caller: Caller,
  input: { spaceId: string; changeRequestId: string },
): Promise<(Contribution & { kind: ContributionKind })[]> {
  const { space, changeRequest: cr } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'read');
  const edits = await editContributions(deps.db, space.id, cr.revisionId, cr.revisionInitial);
  const comments = await commentContributions(deps.db, cr.id);
  return [...edits.map((c) => ({ ...c, kind: 'edit' as const })), ...comments.map((c) => ({ ...c, kind: 'comment' as const }))];
}
