import { badRequest, notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import type { Caller } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import { changeRequestFacts } from '../domain/change-requests';
import type { ReviewRequest } from '../model/review';
import { authorizeChangeRequest, mayReview } from '../policies/change-request.policy';
import { lockChangeRequest, updateChangeRequestFields } from '../store/change-requests.store';
import { outdateReviews, setChangeRequestDescription, upsertReviewRequest } from '../store/reviews.store';

export interface RequestReviewersInput {
  spaceId: string;
  changeRequestId: string;
  users: string[];
  subject?: string;
  description?: unknown;
}

/**
 * Asks users for a review of the change request at its current revision (`edit`; each user needs
 * `review` on the space). A new request supersedes the user's earlier review: it is marked
 * `outdated`. The optional subject and description are set in the same transaction.
 */
export async function requestReviewers(deps: ContentHttpDeps, caller: Caller, input: RequestReviewersInput): Promise<ReviewRequest[]> {
  const { space, changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'edit');
  const users = [...new Set(input.users)];
  for (const user of users) {
    if (!(await mayReview(deps.db, deps.membership, space.id, user))) {
      throw badRequest(`Invalid body field "users": user ${user} may not review in space ${space.id} (needs the review role)`);
    }
  }
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    let cr = await lockChangeRequest(tx, space.id, changeRequest.id);
    if (!cr) throw notFound(`Change request ${input.changeRequestId} not found`);
    if (input.subject !== undefined) cr = await updateChangeRequestFields(tx, cr.id, { subject: input.subject }, now);
    if (input.description !== undefined) await setChangeRequestDescription(tx, cr.id, input.description, now);
    const requests: ReviewRequest[] = [];
    for (const userId of users) {
      await outdateReviews(tx, cr.id, userId, now);
      requests.push(await upsertReviewRequest(tx, { changeRequestId: cr.id, userId, requestedBy: caller.userId, revision: cr.revisionId, createdAt: now }));
    }
    if (users.length) {
      const data = { ...changeRequestFacts(cr, space.organizationId), reviewers: users, requestedBy: caller.userId };
      await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, space.id, ContentEvent.changeRequestReviewRequested, data), now);
    }
    return requests;
  });
}
