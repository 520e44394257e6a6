import { presentUsers } from '@quire/platform/users';
import type { ContentHttpDeps } from '../../shared';
import type { Review, ReviewRequest } from '../model/review';
import { presentRequestedReviewer, presentReview, type ReviewContext } from '../presenters/review.presenter';

type Where = { spaceId: string; changeRequestId: string };

/** The users reviews and requests name, fetched from identity in one call for all. */
async function contextFor(deps: ContentHttpDeps, where: Where, ids: Iterable<string | null>): Promise<ReviewContext> {
  const users = await presentUsers(
    deps.clients.identity(),
    deps.urls,
    [...ids].filter((id): id is string => !!id),
  );
  return { ...where, users, urls: deps.urls };
}

export async function answerReviews(deps: ContentHttpDeps, where: Where, reviews: readonly Review[]) {
  const ctx = await contextFor(
    deps,
    where,
    reviews.flatMap((r) => [r.reviewer, r.requestedBy]),
  );
  return reviews.map((r) => presentReview(r, ctx));
}

export async function answerRequestedReviewers(deps: ContentHttpDeps, where: Where, requests: readonly ReviewRequest[]) {
  const ctx = await contextFor(
    deps,
    where,
    requests.flatMap((r) => [r.userId, r.requestedBy]),
  );
  return requests.map((r) => presentRequestedReviewer(r, ctx));
}
