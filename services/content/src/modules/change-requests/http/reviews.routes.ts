import { Router } from 'express';
import { listEnvelope, pageQuery, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import type { ContentHttpDeps } from '../../shared';
import { getReview, listRequestedReviewers, listReviews } from '../application/list-reviews';
import { removeRequestedReviewer } from '../application/remove-requested-reviewer';
import { requestReviewers } from '../application/request-reviewers';
import { submitReview } from '../application/submit-review';
import { answerRequestedReviewers, answerReviews } from './review-answers';
import { changeRequestParams } from './change-requests.schema';
import { listReviewsQuery, requestedReviewerParams, requestReviewersBody, reviewParams, reviewQuery, submitReviewBody } from './reviews.schema';

const BASE = '/v1/spaces/:spaceId/change-requests/:changeRequestId';

/** A change request's review requests and reviews (docs/change-requests.md, Reviews). */
export function reviewsRoutes(deps: ContentHttpDeps): Router {
  const router = Router();

  router.get(
    `${BASE}/requested-reviewers`,
    route({ params: changeRequestParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total } = await listRequestedReviewers(deps, principal, { ...params, page });
      res.json(listEnvelope(await answerRequestedReviewers(deps, params, rows), total, page));
    }),
  );

  router.post(
    `${BASE}/requested-reviewers`,
    route({ params: changeRequestParams, body: requestReviewersBody }, async ({ params, body, principal }, res) => {
      const requests = await requestReviewers(deps, principal, { ...params, ...body });
      res.json({ users: await answerRequestedReviewers(deps, params, requests) });
    }),
  );

  // Reference: 205 when the request was withdrawn, 204 when there was none.
  router.delete(
    `${BASE}/requested-reviewers/:userId`,
    route({ params: requestedReviewerParams }, async ({ params, principal }, res) => {
      res.status((await removeRequestedReviewer(deps, principal, params)) ? 205 : 204).end();
    }),
  );

  router.get(
    `${BASE}/reviews`,
    route({ params: changeRequestParams, query: listReviewsQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total } = await listReviews(deps, principal, { ...params, outdated: query.outdated, page });
      res.json(listEnvelope(await answerReviews(deps, params, rows), total, page));
    }),
  );

  router.post(
    `${BASE}/reviews`,
    route({ params: changeRequestParams, body: submitReviewBody }, async ({ params, body, principal }, res) => {
      const review = await submitReview(deps, principal, { ...params, status: body.status, comment: body.comment });
      const [answer] = await answerReviews(deps, params, [review]);
      res.status(201).location(answer!.urls.location).json(answer);
    }),
  );

  router.get(
    `${BASE}/reviews/:reviewId`,
    route({ params: reviewParams, query: reviewQuery }, async ({ params, principal }, res) => {
      const [answer] = await answerReviews(deps, params, [await getReview(deps, principal, params)]);
      res.json(answer);
    }),
  );

  return router;
}
