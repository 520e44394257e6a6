import { notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import type { Caller } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import { changeRequestFacts } from '../domain/change-requests';
import type { Review, ReviewStatus } from '../model/review';
import { authorizeChangeRequest } from '../policies/change-request.policy';
import { lockChangeRequest } from '../store/change-requests.store';
import { deleteReviewRequest, insertReviewRow, outdateReviews } from '../store/reviews.store';

/**
 * Submits the caller's review of the change request's current revision (`review`). It fulfils the
 * caller's pending request (its requester becomes `requestedBy`) and marks the caller's earlier
 * reviews `outdated`, so each reviewer has one current review.
 */
export async function submitReview(
  deps: ContentHttpDeps,
  caller: Caller,
  input: { spaceId: string; changeRequestId: string; status: ReviewStatus; comment?: unknown },
): Promise<Review> {
  const { space, changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'review');
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const cr = await lockChangeRequest(tx, space.id, changeRequest.id);
    if (!cr) throw notFound(`Change request ${input.changeRequestId} not found`);
    const request = await deleteReviewRequest(tx, cr.id, caller.userId);
    const outdatedReviewIds = await outdateReviews(tx, cr.id, caller.userId, now);
    const review = await insertReviewRow(
      tx,
      {
        id: newId(),
        changeRequestId: cr.id,
        reviewer: caller.userId,
        requestedBy: request?.requestedBy ?? null,
        status: input.status,
        revision: cr.revisionId,
        comment: input.comment,
      },
      now,
    );
    const data = {
      ...changeRequestFacts(cr, space.organizationId),
      reviewId: review.id,
      reviewer: caller.userId,
      reviewStatus: review.status,
      outdatedReviewIds,
    };
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, space.id, ContentEvent.changeRequestReviewSubmitted, data), now);
    return review;
  });
}
