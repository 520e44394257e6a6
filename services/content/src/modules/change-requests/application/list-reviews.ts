import { notFound } from '@quire/errors';
import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import type { Caller } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import type { Review, ReviewRequest } from '../model/review';
import { authorizeChangeRequest } from '../policies/change-request.policy';
import { findReviewRow, listReviewRequestRows, listReviewRows } from '../store/reviews.store';

type Target = { spaceId: string; changeRequestId: string };

/** A change request's reviews (`read`), oldest first, filtered by `outdated` when given. */
export async function listReviews(deps: ContentHttpDeps, caller: Caller, input: Target & { outdated?: boolean; page: PageRequest }): Promise<Paged<Review>> {
  const { changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'read');
  return listReviewRows(deps.db, changeRequest.id, { outdated: input.outdated }, input.page);
}

/** One review of a change request (`read`). */
export async function getReview(deps: ContentHttpDeps, caller: Caller, input: Target & { reviewId: string }): Promise<Review> {
  const { changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'read');
  const review = await findReviewRow(deps.db, changeRequest.id, input.reviewId);
  if (!review) throw notFound(`Review ${input.reviewId} not found`);
  return review;
}

/** The reviews asked for and not given yet (`read`). */
export async function listRequestedReviewers(deps: ContentHttpDeps, caller: Caller, input: Target & { page: PageRequest }): Promise<Paged<ReviewRequest>> {
  const { changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'read');
  return listReviewRequestRows(deps.db, changeRequest.id, input.page);
}
