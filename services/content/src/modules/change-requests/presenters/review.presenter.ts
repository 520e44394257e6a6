import type { PresentedUser } from '@quire/platform/users';
import type { UrlBuilder } from '@quire/urls';
import type { Review, ReviewRequest } from '../model/review';

/** Where reviews are presented: the space and change request they belong to, and the users by id. */
export interface ReviewContext {
  spaceId: string;
  changeRequestId: string;
  users: ReadonlyMap<string, PresentedUser>;
  urls: UrlBuilder;
}

const userOf = (ctx: ReviewContext, id: string) => ctx.users.get(id) as PresentedUser;

/**
 * Reference schema: ChangeRequestReview. The optional comment is the review's own Comment (same id
 * as the review, no replies or reactions), anchored to the revision reviewed.
 */
export function presentReview(review: Review, ctx: ReviewContext) {
  const location = ctx.urls.api(`/spaces/${ctx.spaceId}/change-requests/${ctx.changeRequestId}/reviews/${review.id}`);
  const reviewer = userOf(ctx, review.reviewer);
  return {
    object: 'change-request-review' as const,
    id: review.id,
    revision: review.revision,
    reviewer,
    ...(review.requestedBy ? { requestedBy: userOf(ctx, review.requestedBy) } : {}),
    status: review.status,
    outdated: review.outdated,
    ...(review.comment !== undefined
      ? {
          comment: {
            object: 'comment' as const,
            id: review.id,
            status: 'open' as const,
            postedBy: reviewer,
            postedAt: review.createdAt.toISOString(),
            reactions: [],
            replies: 0,
            repliers: [],
            body: review.comment,
            target: { space: ctx.spaceId, revision: review.revision, changeRequest: ctx.changeRequestId, review: review.id },
            urls: { location },
            permissions: { view: true, edit: false, reply: false, delete: false },
          },
        }
      : {}),
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
    urls: { location },
  };
}

/** Reference schema: ChangeRequestRequestedReviewer (kind `user`: Quire asks users, not teams). */
export function presentRequestedReviewer(request: ReviewRequest, ctx: ReviewContext) {
  return {
    object: 'change-request-requested-reviewer' as const,
    revision: request.revision,
    requestedBy: userOf(ctx, request.requestedBy),
    createdAt: request.createdAt.toISOString(),
    kind: 'user' as const,
    user: userOf(ctx, request.userId),
  };
}
