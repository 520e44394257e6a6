import type { Caller } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import { authorizeChangeRequest } from '../policies/change-request.policy';
import { deleteReviewRequest } from '../store/reviews.store';

/** Withdraws a review request (`edit`); whether there was one (reference: 205 removed, 204 not found). */
export async function removeRequestedReviewer(
  deps: ContentHttpDeps,
  caller: Caller,
  input: { spaceId: string; changeRequestId: string; userId: string },
): Promise<boolean> {
  const { changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'edit');
  return deps.db.transaction(async (tx) => (await deleteReviewRequest(tx, changeRequest.id, input.userId)) !== null);
}
